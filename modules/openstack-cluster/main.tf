# A Kubernetes cluster's infrastructure on OpenStack for Kubespray, and Kubespray's inventory.
# Written from terraform-provider-openstack 3.4.0's documentation (docs/resources/*.md) and
# Kubespray v2.31.0's (docs/ansible/inventory.md, docs/cloud_controllers/openstack.md,
# docs/ingress/kube-vip.md). See README.md for the variables and outputs.

locals {
  # Every node by its server name. Keyed by name, never by position: removing a name from a list
  # removes exactly that server, and adding one leaves the others alone.
  control_plane = {
    for name in var.control_plane.names : "${var.cluster_name}-${name}" => {
      role                = "control-plane"
      pool                = "control-plane"
      flavor_name         = var.control_plane.flavor_name
      boot_volume_size    = var.control_plane.boot_volume_size
      boot_volume_type    = var.control_plane.boot_volume_type
      server_group_policy = var.control_plane.server_group_policy
    }
  }
  workers = merge([
    for pool, spec in var.worker_pools : {
      for name in spec.names : "${var.cluster_name}-${name}" => {
        role                = "worker"
        pool                = pool
        flavor_name         = spec.flavor_name
        boot_volume_size    = spec.boot_volume_size
        boot_volume_type    = spec.boot_volume_type
        server_group_policy = spec.server_group_policy
      }
    }
  ]...)
  nodes = merge(local.control_plane, local.workers)
  # The first control plane (Kubespray runs kubeadm init there); the order of control_plane.names.
  first_control_plane = "${var.cluster_name}-${var.control_plane.names[0]}"

  server_group_policies = merge(
    { "control-plane" = var.control_plane.server_group_policy },
    { for pool, spec in var.worker_pools : pool => spec.server_group_policy },
  )

  keypair_name = var.keypair_name != null ? var.keypair_name : openstack_compute_keypair_v2.cluster[0].name

  node_image_id = var.image_id != null ? var.image_id : data.openstack_images_image_v2.node[0].id
}

check "node_names" {
  assert {
    condition     = length(local.nodes) == length(var.control_plane.names) + sum(concat([0], [for spec in var.worker_pools : length(spec.names)]))
    error_message = "Node names must be unique across control_plane and worker_pools (a name used twice would be one server)."
  }
}

# The nodes' image: the pinned image_id; the name lookup is only the fallback (see variables.tf).
data "openstack_images_image_v2" "node" {
  count = var.image_id == null ? 1 : 0

  name        = var.image_name
  most_recent = true

  lifecycle {
    precondition {
      condition     = var.image_name != null
      error_message = "Set image_id (the Glance image id of the nodes, pinned) or, as a fallback, image_name."
    }
  }
}

resource "openstack_compute_keypair_v2" "cluster" {
  count = var.keypair_name == null ? 1 : 0

  name       = var.cluster_name
  public_key = var.ssh_public_key

  lifecycle {
    precondition {
      condition     = var.ssh_public_key != null
      error_message = "Set keypair_name (an existing Nova keypair) or ssh_public_key: without a public key Nova would generate the private key and OpenTofu would keep it in its state."
    }
  }
}

resource "openstack_compute_servergroup_v2" "pool" {
  for_each = local.server_group_policies

  name     = "${var.cluster_name}-${each.key}"
  policies = [each.value]
}

module "node" {
  source   = "./modules/node"
  for_each = local.nodes

  name                 = each.key
  image_id             = local.node_image_id
  flavor_name          = each.value.flavor_name
  boot_volume_size     = each.value.boot_volume_size
  boot_volume_type     = each.value.boot_volume_type
  keypair_name         = local.keypair_name
  server_group_id      = openstack_compute_servergroup_v2.pool[each.value.pool].id
  availability_zone    = var.availability_zone
  network_id           = local.network_id
  subnet_id            = local.subnet_id
  security_group_ids   = [openstack_networking_secgroup_v2.nodes.id]
  allowed_addresses    = concat([var.pod_cidr, var.service_cidr], each.value.role == "control-plane" && var.api_load_balancer == "vip" ? [openstack_networking_port_v2.api_vip[0].all_fixed_ips[0]] : [])
  config_drive         = var.config_drive
  user_data            = var.user_data
  metadata             = merge(var.metadata, { "kubespray-role" = each.value.role, "cluster" = var.cluster_name })
  floating_ip_pool     = var.node_floating_ips && !(var.api_load_balancer == "none" && var.api_floating_ip != null && each.key == local.first_control_plane) ? var.network.external_network : null
  existing_floating_ip = var.api_load_balancer == "none" && each.key == local.first_control_plane ? var.api_floating_ip : null
  api_pool_member      = each.value.role == "control-plane" && var.api_load_balancer == "octavia"
  api_pool_id          = var.api_load_balancer == "octavia" ? openstack_lb_pool_v2.api[0].id : null
  api_port             = var.api_port
  wait_for_ssh         = var.wait_for_ssh
  ssh_user             = var.ssh_user
  bastion_host         = var.bastion != null ? openstack_networking_floatingip_v2.bastion[0].address : null
  ssh_via_floating_ip  = var.node_floating_ips && var.bastion == null

  depends_on = [openstack_networking_router_interface_v2.cluster]
}
