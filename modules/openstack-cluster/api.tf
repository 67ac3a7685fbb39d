# The Kubernetes API endpoint.
#   octavia: a TCP load balancer on the nodes' subnet, listener on api_port (amphora: limited to
#            api_allowed_cidrs and the subnet by the listener; ovn: by the members' security
#            group, as OVN keeps the client's address), the control planes as members on 6443, a TCP health
#            monitor. Its VIP goes into loadbalancer_apiserver, so every node uses it.
#   vip:     a Neutron port holding the address kube-vip announces (ARP) from the control plane
#            that leads; the address is in the control planes' allowed address pairs.
#   none:    the first control plane's address (no failover).
# api_floating_ip, when given, is associated with the load balancer's VIP port, the VIP port, or
# the first control plane's port (in modules/node), and goes into the API certificate.

locals {
  # Octavia amphora supports ROUND_ROBIN; OVN only SOURCE_IP_PORT (octavia's pool feature matrix).
  lb_method = var.octavia_provider == "ovn" ? "SOURCE_IP_PORT" : "ROUND_ROBIN"
  # The address the nodes use for the API.
  api_private_address = (
    var.api_load_balancer == "octavia" ? openstack_lb_loadbalancer_v2.api[0].vip_address :
    var.api_load_balancer == "vip" ? openstack_networking_port_v2.api_vip[0].all_fixed_ips[0] :
    module.node[local.first_control_plane].private_ip
  )
  # The address clients outside the cloud use: the API's floating IP; without one, with "none", the
  # first control plane's own floating IP (node_floating_ips); else the private address.
  api_address = coalesce(
    var.api_floating_ip,
    var.api_load_balancer == "none" ? module.node[local.first_control_plane].public_ip : null,
    local.api_private_address,
  )
}

resource "openstack_lb_loadbalancer_v2" "api" {
  count = var.api_load_balancer == "octavia" ? 1 : 0

  name                  = "${var.cluster_name}-api"
  vip_subnet_id         = local.subnet_id
  vip_address           = var.api_vip_address
  loadbalancer_provider = var.octavia_provider

  depends_on = [openstack_networking_router_interface_v2.cluster]
}

resource "openstack_lb_listener_v2" "api" {
  count = var.api_load_balancer == "octavia" ? 1 : 0

  name            = "${var.cluster_name}-api"
  loadbalancer_id = openstack_lb_loadbalancer_v2.api[0].id
  protocol        = "TCP"
  protocol_port   = var.api_port
  # The OVN driver refuses any allowed_cidrs ("OVN provider does not support allowed_cidrs option",
  # ovn-octavia-provider ovn_octavia_provider/driver.py). OVN keeps the client's address, so the
  # nodes' security group (6443 from api_allowed_cidrs and the subnet, security.tf) restricts it.
  allowed_cidrs = var.octavia_provider == "ovn" ? null : concat(var.api_allowed_cidrs, [local.subnet_cidr])
}

resource "openstack_lb_pool_v2" "api" {
  count = var.api_load_balancer == "octavia" ? 1 : 0

  name        = "${var.cluster_name}-api"
  listener_id = openstack_lb_listener_v2.api[0].id
  protocol    = "TCP"
  lb_method   = local.lb_method
}

resource "openstack_lb_monitor_v2" "api" {
  count = var.api_load_balancer == "octavia" ? 1 : 0

  name        = "${var.cluster_name}-api"
  pool_id     = openstack_lb_pool_v2.api[0].id
  type        = "TCP"
  delay       = 5
  timeout     = 3
  max_retries = 3
}

resource "openstack_networking_port_v2" "api_vip" {
  count = var.api_load_balancer == "vip" ? 1 : 0

  name               = "${var.cluster_name}-api-vip"
  network_id         = local.network_id
  security_group_ids = [openstack_networking_secgroup_v2.nodes.id]

  fixed_ip {
    subnet_id  = local.subnet_id
    ip_address = var.api_vip_address
  }
}

resource "openstack_networking_floatingip_associate_v2" "api" {
  count = var.api_floating_ip != null && var.api_load_balancer != "none" ? 1 : 0

  floating_ip = var.api_floating_ip
  port_id     = var.api_load_balancer == "octavia" ? openstack_lb_loadbalancer_v2.api[0].vip_port_id : openstack_networking_port_v2.api_vip[0].id

  depends_on = [openstack_networking_router_interface_v2.cluster]
}
