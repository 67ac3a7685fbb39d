# Sandbox infrastructure: the shape of an OpenStack cluster module (network, control plane, workers,
# API VIP) built only from terraform_data and a local module, so init/plan/apply run offline with
# no provider; init still leaves .terraform/ behind, as with real providers.

variable "control_plane_count" {
  type    = number
  default = 1
}

variable "worker_count" {
  type    = number
  default = 1
}

# The servers' image and flavor, as a real module passes them to openstack_compute_instance_v2.
variable "image_id" {
  type    = string
  default = "sandbox-image-1"
}

variable "worker_image_id" {
  description = "The workers' image when it differs from image_id (null: image_id), as a module with an image per pool has."
  type        = string
  default     = null
}

variable "node_image_ids" {
  description = "An image for single nodes by name (e.g. one control-plane node), over image_id and worker_image_id."
  type        = map(string)
  default     = {}
}

variable "flavor_name" {
  type    = string
  default = "m1.medium"
}

# Test hook: what Nova does to a running node rebuilt in place (modules/node/main.tf, nova_rebuild).
variable "nova_effects" {
  type    = bool
  default = false
}

# Kubespray's private-node layout: a jump host, a server of the nodes' resource type that is no node.
variable "bastion" {
  type    = bool
  default = false
}

# Test hooks; both do nothing by default.
variable "fail_apply" {
  description = "When true, apply fails in a provisioner (exit 3), as a cloud error would."
  type        = bool
  default     = false
}

variable "apply_sleep_seconds" {
  description = "Seconds a provisioner sleeps during apply, to exercise cancellation."
  type        = number
  default     = 0
}

resource "terraform_data" "network" {
  input = { name = "sandbox-net", cidr = "10.2.128.0/22" }
}

module "control_plane" {
  source       = "./modules/node"
  count        = var.control_plane_count
  name         = "sandbox-cp-${count.index}"
  role         = "control-plane"
  network      = terraform_data.network.output.name
  image_id     = lookup(var.node_image_ids, "sandbox-cp-${count.index}", var.image_id)
  flavor_name  = var.flavor_name
  nova_effects = var.nova_effects
}

module "worker" {
  source       = "./modules/node"
  count        = var.worker_count
  name         = "sandbox-worker-${count.index}"
  role         = "worker"
  network      = terraform_data.network.output.name
  image_id     = lookup(var.node_image_ids, "sandbox-worker-${count.index}", coalesce(var.worker_image_id, var.image_id))
  flavor_name  = var.flavor_name
  nova_effects = var.nova_effects
}

# Named as the shipped module names it ("<cluster>-bastion"); the inventory lists it as host "bastion".
module "bastion" {
  source       = "./modules/node"
  count        = var.bastion ? 1 : 0
  name         = "sandbox-bastion"
  role         = "bastion"
  network      = terraform_data.network.output.name
  image_id     = var.image_id
  flavor_name  = "m1.tiny"
  nova_effects = var.nova_effects
}

# Kubespray's inventory, written by apply as real cluster code does with local_file: the hosts by
# role, rewritten when the nodes change, removed on destroy. Like local_file, a missing file (a fresh
# runner with restored state) is written again: the trigger is then unknown until apply, where it
# takes the same value as when the file is there, so the next plan shows no change.
locals {
  inventory_nodes = { control_plane = module.control_plane[*].name, worker = module.worker[*].name, bastion = var.bastion }
}

resource "terraform_data" "inventory" {
  triggers_replace = fileexists("${path.module}/inventory/inventory.yaml") ? local.inventory_nodes : (timestamp() != "" ? local.inventory_nodes : null)

  provisioner "local-exec" {
    interpreter = ["python3", "${path.module}/write_inventory.py", "${path.module}/inventory/inventory.yaml"]
    command     = jsonencode(local.inventory_nodes)
  }

  provisioner "local-exec" {
    when        = destroy
    interpreter = ["python3", "${path.module}/write_inventory.py", "${path.module}/inventory/inventory.yaml"]
    command     = jsonencode({ remove = true })
  }
}

# Real cluster modules template the OpenStack credential into cloud.conf for the cloud provider; the
# sandbox does too, so the tests can prove that plans and comments never show it.
variable "os_application_credential_secret" {
  type    = string
  default = ""
}

resource "terraform_data" "cloud_conf" {
  input = { application-credential-secret = var.os_application_credential_secret }
}

resource "terraform_data" "api_vip" {
  input = { address = "127.0.0.2", port = 6443 }
}

resource "terraform_data" "slow_operation" {
  count            = var.apply_sleep_seconds > 0 ? 1 : 0
  triggers_replace = [var.apply_sleep_seconds]
  provisioner "local-exec" {
    command = "sleep ${var.apply_sleep_seconds}"
  }
}

variable "destroy_sleep_seconds" {
  description = "Seconds a provisioner sleeps when the cluster is destroyed, to exercise an interrupted destroy."
  type        = number
  default     = 0
}

resource "terraform_data" "slow_destroy" {
  count = var.destroy_sleep_seconds > 0 ? 1 : 0
  input = var.destroy_sleep_seconds
  provisioner "local-exec" {
    when    = destroy
    command = "sleep ${self.input}"
  }
}

resource "terraform_data" "failing_operation" {
  count            = var.fail_apply ? 1 : 0
  triggers_replace = [var.fail_apply]
  provisioner "local-exec" {
    command = "echo 'sandbox: simulated cloud error' >&2; exit 3"
  }
}

output "api_vip" {
  value = terraform_data.api_vip.output.address
}

output "nodes" {
  value = concat(module.control_plane[*].name, module.worker[*].name)
}

output "bootstrap_token" {
  value     = "sandbox-bootstrap-token"
  sensitive = true
}
