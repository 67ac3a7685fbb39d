# No provider block: the OpenStack provider reads its credentials from the OS_* environment, which
# the action exports. No backend block: local state (the action carries it in its artifact).
terraform {
  required_version = ">= 1.6.0"

  required_providers {
    openstack = {
      source  = "terraform-provider-openstack/openstack"
      version = "~> 3.0"
    }
    local = {
      source  = "hashicorp/local"
      version = "~> 2.5"
    }
  }
}
