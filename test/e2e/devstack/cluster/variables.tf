# Set by the workflow (TF_VAR_*), so they have no defaults: a missing one fails the plan early.

variable "cluster_name" {
  description = "Prefix of every resource name and of the node names."
  type        = string
}

variable "api_floating_ip" {
  description = "Existing floating IP (allocated by the workflow, the action's VIP) for the control plane: API endpoint, ssh address, and in the API certificate."
  type        = string

  validation {
    condition     = can(cidrhost("${var.api_floating_ip}/32", 0))
    error_message = "api_floating_ip must be an IPv4 address."
  }
}

variable "image_name" {
  description = "Glance image the nodes boot from (Ubuntu 24.04)."
  type        = string
}

variable "control_plane_flavor_name" {
  description = "Nova flavor of the control plane (Kubespray's minimum: 1.5 GB of memory)."
  type        = string
}

variable "worker_flavor_name" {
  description = "Nova flavor of the worker (Kubespray's minimum: 1 GB of memory)."
  type        = string
}

variable "keypair_name" {
  description = "Nova keypair whose private key is on the runner (see ssh_private_key_file)."
  type        = string
}

variable "external_network" {
  description = "Name of the external network: router gateway and floating IP pool."
  type        = string
}

# Defaults that suit the workflow.

variable "ssh_user" {
  description = "Login user of the image."
  type        = string
  default     = "ubuntu"
}

variable "ssh_private_key_file" {
  description = "Private key of keypair_name on the machine running tofu and Ansible."
  type        = string
  default     = "~/.ssh/id_ed25519"
}

variable "network_cidr" {
  description = "Private network of the nodes; must not overlap Kubespray's 10.233.0.0/17 nor DevStack's 10.0.0.0/22 and 172.24.4.0/24."
  type        = string
  default     = "10.20.0.0/24"
}

variable "dns_nameservers" {
  description = "Resolvers for the nodes (they download packages and images through the runner's NAT)."
  type        = list(string)
  default     = ["1.1.1.1", "8.8.8.8"]
}
