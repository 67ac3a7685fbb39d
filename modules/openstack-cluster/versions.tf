# The providers, pinned to the versions this module is checked against: test/data holds the
# provider's documented resources and arguments at 3.4.0 (test/modules/openstack-cluster.test.ts).
# Commit the lock file of your cluster directory (`tofu providers lock`).
terraform {
  required_version = ">= 1.6.0"

  required_providers {
    openstack = {
      source  = "terraform-provider-openstack/openstack"
      version = "~> 3.4.0"
    }
    local = {
      source  = "hashicorp/local"
      version = "~> 2.5"
    }
  }
}
