# The nodes' network: created (network, subnet, router to the external network) unless an existing
# network and subnet are given.

locals {
  create_network = var.network.existing_network_id == null
  network_id     = local.create_network ? openstack_networking_network_v2.cluster[0].id : var.network.existing_network_id
  subnet_id      = local.create_network ? openstack_networking_subnet_v2.cluster[0].id : var.network.existing_subnet_id
  subnet_cidr    = local.create_network ? openstack_networking_subnet_v2.cluster[0].cidr : data.openstack_networking_subnet_v2.existing[0].cidr
  # Needed for the router, floating IPs and Octavia's floating IPs for Services.
  external_network_id = var.network.external_network != null ? data.openstack_networking_network_v2.external[0].id : null
}

data "openstack_networking_network_v2" "external" {
  count = var.network.external_network != null ? 1 : 0

  name     = var.network.external_network
  external = true
}

data "openstack_networking_subnet_v2" "existing" {
  count = local.create_network ? 0 : 1

  subnet_id = var.network.existing_subnet_id
}

resource "openstack_networking_network_v2" "cluster" {
  count = local.create_network ? 1 : 0

  name           = var.cluster_name
  admin_state_up = true
}

resource "openstack_networking_subnet_v2" "cluster" {
  count = local.create_network ? 1 : 0

  name            = var.cluster_name
  network_id      = openstack_networking_network_v2.cluster[0].id
  cidr            = var.network.cidr
  ip_version      = 4
  dns_nameservers = var.network.dns_nameservers
}

resource "openstack_networking_router_v2" "cluster" {
  count = local.create_network && var.network.external_network != null ? 1 : 0

  name                = var.cluster_name
  external_network_id = local.external_network_id
}

resource "openstack_networking_router_interface_v2" "cluster" {
  count = local.create_network && var.network.external_network != null ? 1 : 0

  router_id = openstack_networking_router_v2.cluster[0].id
  subnet_id = openstack_networking_subnet_v2.cluster[0].id
}
