# No provider block: the OpenStack provider reads its credentials from the OS_* environment, which
# the action exports. No backend block: local state (the action carries it in its artifact).
#
# Providers are pinned to exact versions; their checksums belong in .terraform.lock.hcl next to this
# file, generated with `tofu providers lock` and committed (see ../README.md).
terraform {
  required_version = ">= 1.6.0"

  required_providers {
    openstack = {
      source  = "terraform-provider-openstack/openstack"
      version = "3.4.0"
    }
    local = {
      source  = "hashicorp/local"
      version = "2.5.3"
    }
  }
}
