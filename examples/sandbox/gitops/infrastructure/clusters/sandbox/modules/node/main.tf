# One cluster node; a real module would create a server, its port and volumes.
# The engine treats terraform_data resources with a string input.node_name as nodes: nothing else in
# the sandbox may have that attribute.
variable "name" {
  type = string
}

variable "role" {
  type = string
}

variable "network" {
  type = string
}

variable "image_id" {
  type = string
}

variable "flavor_name" {
  type = string
}

# The server as terraform-provider-openstack v3.4.0 plans an openstack_compute_instance_v2
# (openstack/resource_openstack_compute_instance_v2.go): image_id and flavor_name are not ForceNew, so a
# new value is an in-place update ("update" in the plan), which the provider carries out as Nova's
# servers.Rebuild (the root disk re-imaged) or servers.Resize + ConfirmResize (a reboot); only
# `tofu apply -replace` makes a new server. terraform_data's input behaves the same: a change is an update.
resource "terraform_data" "server" {
  input = { node_name = var.name, role = var.role, network = var.network, image_id = var.image_id, flavor_name = var.flavor_name }
}

variable "nova_effects" {
  type = bool
}

# What Nova's rebuild does to the running machine when the server above gets a new image in place: the
# root disk is re-imaged, so a registered node goes NotReady (sandbox_cluster.py rebuilt) until Kubespray
# installs it again. A resize (a new flavor) reboots the server and the kubelet comes back: nothing to
# model. Replaced with the image; on a server no node is registered for yet (a first apply, a node
# remove-node.yml removed) it does nothing. Off unless asked for, so other tests' plans keep their counts.
resource "terraform_data" "nova_rebuild" {
  count            = var.nova_effects ? 1 : 0
  triggers_replace = [var.image_id]

  provisioner "local-exec" {
    interpreter = ["python3", "${path.root}/kubespray/sandbox_cluster.py", "rebuilt"]
    command     = jsonencode({ api_file = "${path.root}/.sandbox-api.json", name = var.name })
  }
}

output "name" {
  value = terraform_data.server.output.node_name
}
