output "api_endpoint" {
  description = "The API server as the kubeconfig names it."
  value       = "https://${var.api_floating_ip}:6443"
}

output "nodes" {
  description = "Node name to its floating (ssh) and private address."
  value = {
    for key, name in local.nodes : name => {
      public_ip  = local.public_ip[key]
      private_ip = local.private_ip[key]
    }
  }
}

output "inventory" {
  description = "The generated Kubespray inventory."
  value       = local_file.inventory.filename
}
