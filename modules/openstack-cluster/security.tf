# Security groups: node to node (everything: etcd, kubelet, the CNI), the API from
# api_allowed_cidrs and the nodes' subnet (Octavia's health checks and traffic come from it), SSH
# from ssh_allowed_cidrs, or only from the bastion when there is one. Kubespray manages no
# firewall itself (its README).

resource "openstack_networking_secgroup_v2" "nodes" {
  name        = "${var.cluster_name}-nodes"
  description = "Kubernetes nodes of ${var.cluster_name}"
}

resource "openstack_networking_secgroup_rule_v2" "node_to_node" {
  for_each = toset(["IPv4", "IPv6"])

  security_group_id = openstack_networking_secgroup_v2.nodes.id
  direction         = "ingress"
  ethertype         = each.value
  remote_group_id   = openstack_networking_secgroup_v2.nodes.id
}

resource "openstack_networking_secgroup_rule_v2" "api" {
  for_each = toset(concat(var.api_allowed_cidrs, [local.subnet_cidr]))

  security_group_id = openstack_networking_secgroup_v2.nodes.id
  direction         = "ingress"
  ethertype         = strcontains(each.value, ":") ? "IPv6" : "IPv4"
  protocol          = "tcp"
  port_range_min    = 6443
  port_range_max    = 6443
  remote_ip_prefix  = each.value
}

resource "openstack_networking_secgroup_rule_v2" "ssh" {
  for_each = var.bastion == null ? toset(var.ssh_allowed_cidrs) : toset([])

  security_group_id = openstack_networking_secgroup_v2.nodes.id
  direction         = "ingress"
  ethertype         = strcontains(each.value, ":") ? "IPv6" : "IPv4"
  protocol          = "tcp"
  port_range_min    = 22
  port_range_max    = 22
  remote_ip_prefix  = each.value
}

resource "openstack_networking_secgroup_rule_v2" "ssh_from_bastion" {
  count = var.bastion != null ? 1 : 0

  security_group_id = openstack_networking_secgroup_v2.nodes.id
  direction         = "ingress"
  ethertype         = "IPv4"
  protocol          = "tcp"
  port_range_min    = 22
  port_range_max    = 22
  remote_group_id   = openstack_networking_secgroup_v2.bastion[0].id
}
