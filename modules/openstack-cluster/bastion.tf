# The optional SSH jump host: a small server with a floating IP, SSH from ssh_allowed_cidrs only.
# Kubespray's inventory names it "bastion" (the name its ProxyCommand looks for).

resource "openstack_networking_secgroup_v2" "bastion" {
  count = var.bastion != null ? 1 : 0

  name        = "${var.cluster_name}-bastion"
  description = "SSH jump host of ${var.cluster_name}"
}

resource "openstack_networking_secgroup_rule_v2" "bastion_ssh" {
  for_each = var.bastion != null ? toset(var.ssh_allowed_cidrs) : toset([])

  security_group_id = openstack_networking_secgroup_v2.bastion[0].id
  direction         = "ingress"
  ethertype         = strcontains(each.value, ":") ? "IPv6" : "IPv4"
  protocol          = "tcp"
  port_range_min    = 22
  port_range_max    = 22
  remote_ip_prefix  = each.value
}

# Its own image by name, else the nodes' (the bastion is no node: a rebuild of it drains nothing).
data "openstack_images_image_v2" "bastion" {
  count = var.bastion != null && try(var.bastion.image_name, null) != null ? 1 : 0

  name        = var.bastion.image_name
  most_recent = true
}

resource "openstack_networking_port_v2" "bastion" {
  count = var.bastion != null ? 1 : 0

  name               = "${var.cluster_name}-bastion"
  network_id         = local.network_id
  security_group_ids = [openstack_networking_secgroup_v2.bastion[0].id]

  fixed_ip {
    subnet_id = local.subnet_id
  }
}

resource "openstack_compute_instance_v2" "bastion" {
  count = var.bastion != null ? 1 : 0

  name              = "${var.cluster_name}-bastion"
  image_id          = var.bastion.image_name != null ? data.openstack_images_image_v2.bastion[0].id : local.node_image_id
  flavor_name       = var.bastion.flavor_name
  key_pair          = local.keypair_name
  availability_zone = var.availability_zone
  config_drive      = var.config_drive
  metadata          = merge(var.metadata, { "cluster" = var.cluster_name })

  network {
    port = openstack_networking_port_v2.bastion[0].id
  }
}

resource "openstack_networking_floatingip_v2" "bastion" {
  count = var.bastion != null ? 1 : 0

  pool    = var.network.external_network
  port_id = openstack_networking_port_v2.bastion[0].id

  depends_on = [openstack_networking_router_interface_v2.cluster]
}
