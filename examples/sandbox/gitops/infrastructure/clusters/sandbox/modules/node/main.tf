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

output "name" {
  value = terraform_data.server.output.node_name
}
