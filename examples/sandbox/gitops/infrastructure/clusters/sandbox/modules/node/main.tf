# One cluster node; a real module would create a server, its port and volumes.
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
  input = { name = var.name, role = var.role, network = var.network }
}

output "name" {
  value = terraform_data.server.output.name
}
