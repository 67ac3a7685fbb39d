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

resource "terraform_data" "server" {
  input = { node_name = var.name, role = var.role, network = var.network }
}

output "name" {
  value = terraform_data.server.output.node_name
}
