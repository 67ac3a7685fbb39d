# Security groups: node to node (everything: etcd, kubelet, the CNI), the API from
# api_allowed_cidrs and the nodes' subnet (Octavia's health checks and traffic come from it), SSH
# from ssh_allowed_cidrs, or only from the bastion when there is one. Kubespray manages no
# firewall itself (its README).

resource "openstack_networking_secgroup_v2" "nodes" {
  name        = "${var.cluster_name}-nodes"
  description = "Kubernetes nodes of ${var.cluster_name}"

  lifecycle {
    # layout.tf: the combinations of variables that could not work, each with its reason.
    precondition {
      condition     = length(local.layout_refusals) == 0
      error_message = "This layout cannot work:\n- ${join("\n- ", local.layout_refusals)}"
    }
  }
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

# NodePorts (Kubernetes' default service-node-port-range, 30000-32767) from the nodes' subnet: the
# path of a LoadBalancer Service's traffic, which Octavia's amphorae (the cloud controller's LBaaS,
# openstack.yml) send to the members' NodePorts from the subnet. Kubespray's contrib module opens
# the range by default too (contrib/terraform/openstack/variables.tf, worker_allowed_ports). OVN
# load balancers keep the client's address: admit the clients with extra_security_group_rules.
resource "openstack_networking_secgroup_rule_v2" "nodeports" {
  for_each = var.nodeports_from_subnet ? toset(["tcp", "udp"]) : toset([])

  security_group_id = openstack_networking_secgroup_v2.nodes.id
  direction         = "ingress"
  ethertype         = strcontains(local.subnet_cidr, ":") ? "IPv6" : "IPv4"
  protocol          = each.value
  port_range_min    = 30000
  port_range_max    = 32767
  remote_ip_prefix  = local.subnet_cidr
}

resource "openstack_networking_secgroup_rule_v2" "extra" {
  for_each = { for rule in var.extra_security_group_rules : "${rule.direction} ${rule.protocol} ${rule.port_range_min}-${rule.port_range_max} ${rule.remote_ip_prefix}" => rule }

  security_group_id = openstack_networking_secgroup_v2.nodes.id
  description       = each.value.description
  direction         = each.value.direction
  ethertype         = strcontains(each.value.remote_ip_prefix, ":") ? "IPv6" : "IPv4"
  protocol          = each.value.protocol
  port_range_min    = each.value.port_range_min
  port_range_max    = each.value.port_range_max
  remote_ip_prefix  = each.value.remote_ip_prefix
}
