# Renders Kubespray's inventory and group_vars from the cluster's nodes; no resources and no
# providers, so it runs offline (the tests render it with sample values and check the result with
# ansible-inventory and Kubespray's variable list). The parent module writes the files.

variable "cluster_name" {
  type = string
}
variable "control_plane" {
  description = "Control-plane node names, in order (the first runs kubeadm init); they are the etcd members too."
  type        = list(string)
}
variable "workers" {
  description = "Worker node names."
  type        = list(string)
}
variable "hosts" {
  description = "Every node by name: ansible_host (where Ansible connects) and ip (its private address)."
  type        = map(object({ ansible_host = string, ip = string }))
}
variable "ssh_user" {
  type = string
}
variable "bastion_host" {
  description = "The bastion's public address; null for none."
  type        = string
}
variable "kube_version" {
  type = string
}
variable "network_plugin" {
  type = string
}
variable "pod_cidr" {
  type = string
}
variable "service_cidr" {
  type = string
}
variable "api_load_balancer" {
  type = string
}
variable "api_private_address" {
  type = string
}
variable "api_port" {
  type = number
}
variable "api_floating_ip" {
  type = string
}
variable "subnet_id" {
  type = string
}
variable "external_network_id" {
  type = string
}
variable "octavia_provider" {
  type = string
}
variable "cinder_csi_enabled" {
  type = bool
}
variable "kubespray_variables" {
  type = any
}

locals {
  templates = "${path.module}/templates"
  # Addresses the API certificate must hold besides the nodes' own ip and access_ip (Kubespray adds
  # those, and loadbalancer_apiserver's address, itself: roles/kubernetes/control-plane/tasks/
  # kubeadm-setup.yml). With "none" the fetched kubeconfig's server is the first control plane's
  # ansible_host (kubeconfig_localhost_ansible_host), which may be its floating IP.
  ssl_addresses = compact(distinct([
    var.api_floating_ip,
    var.api_load_balancer == "vip" ? var.api_private_address : null,
    var.api_load_balancer == "none" ? var.hosts[var.control_plane[0]].ansible_host : null,
  ]))
  files = {
    "inventory.yaml" = templatefile("${local.templates}/inventory.yaml.tftpl", {
      cluster_name  = var.cluster_name
      hosts         = var.hosts
      control_plane = var.control_plane
      # A cluster with no workers runs its workloads on the control planes.
      kube_node    = length(var.workers) > 0 ? var.workers : var.control_plane
      ssh_user     = var.ssh_user
      bastion_host = var.bastion_host
    })
    "group_vars/all/all.yml" = templatefile("${local.templates}/all.yml.tftpl", {
      api_load_balancer   = var.api_load_balancer
      api_private_address = var.api_private_address
      api_port            = var.api_load_balancer == "octavia" ? var.api_port : 6443
    })
    "group_vars/all/openstack.yml" = templatefile("${local.templates}/openstack.yml.tftpl", {
      subnet_id           = var.subnet_id
      external_network_id = var.external_network_id
      octavia_provider    = var.octavia_provider
      lb_method           = var.octavia_provider == "ovn" ? "SOURCE_IP_PORT" : "ROUND_ROBIN"
      cinder_csi_enabled  = var.cinder_csi_enabled
    })
    "group_vars/k8s_cluster/k8s-cluster.yml" = templatefile("${local.templates}/k8s-cluster.yml.tftpl", {
      kube_version      = var.kube_version
      network_plugin    = var.network_plugin
      pod_cidr          = var.pod_cidr
      service_cidr      = var.service_cidr
      ssl_addresses     = local.ssl_addresses
      api_load_balancer = var.api_load_balancer
      vip_address       = var.api_private_address
    })
    "group_vars/all/cluster-deploy.yml" = templatefile("${local.templates}/extra.yml.tftpl", {
      variables = var.kubespray_variables
    })
  }
}

output "files" {
  description = "File contents by path relative to the inventory directory."
  value       = local.files
}
