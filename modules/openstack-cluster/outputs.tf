output "api_address" {
  description = "Where clients reach the Kubernetes API: api_floating_ip if given, else the load balancer's, the VIP's or the first control plane's private address. The config's opencenter.infrastructure.k8s_api_ip."
  value       = local.api_address
}

output "api_endpoint" {
  description = "The API server URL."
  value       = "https://${local.api_address}:${var.api_load_balancer == "octavia" ? var.api_port : 6443}"
}

output "nodes" {
  description = "Every node by name: role, private address and where Ansible connects."
  value = {
    for name, node in module.node : name => {
      role       = local.nodes[name].role
      private_ip = node.private_ip
      ssh_host   = node.ssh_host
    }
  }
}

output "node_image_id" {
  description = "The Glance image id the nodes are built from: pin it as image_id (a name lookup follows every new image of that name)."
  value       = local.node_image_id
}

output "bastion_address" {
  description = "The bastion's floating IP; null without a bastion."
  value       = var.bastion != null ? openstack_networking_floatingip_v2.bastion[0].address : null
}

output "network_id" {
  description = "The nodes' network."
  value       = local.network_id
}

output "subnet_id" {
  description = "The nodes' subnet."
  value       = local.subnet_id
}

output "inventory_file" {
  description = "The Kubespray inventory this module writes."
  value       = local_file.inventory["inventory.yaml"].filename
}

output "security_group_ids" {
  description = "The security groups: nodes (every node's port; add your own rules to it) and bastion (null without a bastion)."
  value = {
    nodes   = openstack_networking_secgroup_v2.nodes.id
    bastion = var.bastion != null ? openstack_networking_secgroup_v2.bastion[0].id : null
  }
}
