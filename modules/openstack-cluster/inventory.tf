# Kubespray's inventory and group_vars, rendered by modules/kubespray-inventory and written where
# cluster-deploy runs Kubespray from (<cluster dir>/inventory). local_file: cluster-deploy counts a
# rewritten inventory as part of a node change, not as a change of its own.

locals {
  inventory_dir = coalesce(var.inventory_dir, "${path.root}/inventory")
}

module "kubespray_inventory" {
  source = "./modules/kubespray-inventory"

  cluster_name  = var.cluster_name
  control_plane = [for name in var.control_plane.names : "${var.cluster_name}-${name}"]
  workers       = sort(keys(local.workers))
  hosts = {
    for name, node in module.node : name => {
      ansible_host = node.ssh_host
      ip           = node.private_ip
    }
  }
  ssh_user            = var.ssh_user
  bastion_host        = var.bastion != null ? openstack_networking_floatingip_v2.bastion[0].address : null
  kube_version        = var.kube_version
  network_plugin      = var.network_plugin
  pod_cidr            = var.pod_cidr
  service_cidr        = var.service_cidr
  api_load_balancer   = var.api_load_balancer
  api_private_address = local.api_private_address
  api_port            = var.api_port
  api_floating_ip     = var.api_floating_ip
  subnet_id           = local.subnet_id
  external_network_id = local.external_network_id
  octavia_provider    = var.octavia_provider
  cinder_csi_enabled  = var.cinder_csi_enabled
  kubespray_variables = var.kubespray_variables
}

resource "local_file" "inventory" {
  for_each = module.kubespray_inventory.files

  filename             = "${local.inventory_dir}/${each.key}"
  content              = each.value
  file_permission      = "0644"
  directory_permission = "0755"

  # Written once the nodes are ready for Ansible (the SSH wait, when asked for).
  depends_on = [module.node]
}
