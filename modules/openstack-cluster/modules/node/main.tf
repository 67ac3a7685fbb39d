# One cluster node: its port, its server, and what belongs to it alone (a floating IP, its
# membership of the API load balancer, the wait for SSH). Everything a node brings lives in this
# module's instance, so adding or removing a node changes nothing outside it: cluster-deploy then
# sees a node change (scale.yml or remove-node.yml), not a cluster change.

variable "name" {
  type = string
}
variable "image_id" {
  type = string
}
variable "flavor_name" {
  type = string
}
variable "boot_volume_size" {
  type = number
}
variable "boot_volume_type" {
  type = string
}
variable "keypair_name" {
  type = string
}
variable "server_group_id" {
  type = string
}
variable "availability_zone" {
  type = string
}
variable "network_id" {
  type = string
}
variable "subnet_id" {
  type = string
}
variable "security_group_ids" {
  type = list(string)
}
variable "allowed_addresses" {
  description = "Addresses or CIDRs this port may send from: the pod and service CIDRs, the API VIP on control planes."
  type        = list(string)
}
variable "config_drive" {
  type = bool
}
variable "user_data" {
  type = string
}
variable "metadata" {
  type = map(string)
}
variable "floating_ip_pool" {
  description = "External network to allocate a floating IP from; null for none."
  type        = string
}
variable "existing_floating_ip" {
  description = "An existing floating IP to associate with this node's port; null for none."
  type        = string
}
variable "api_pool_member" {
  type = bool
}
variable "api_pool_id" {
  type = string
}
variable "api_port" {
  type = number
}
variable "wait_for_ssh" {
  type = object({ private_key_file = string })
}
variable "ssh_user" {
  type = string
}
variable "bastion_host" {
  type = string
}
variable "ssh_via_floating_ip" {
  description = "Ansible connects to the node's floating IP (node_floating_ips, no bastion); else to its private address."
  type        = bool
}

resource "openstack_networking_port_v2" "this" {
  name               = var.name
  network_id         = var.network_id
  security_group_ids = var.security_group_ids

  fixed_ip {
    subnet_id = var.subnet_id
  }

  dynamic "allowed_address_pairs" {
    for_each = var.allowed_addresses
    content {
      ip_address = allowed_address_pairs.value
    }
  }
}

resource "openstack_compute_instance_v2" "this" {
  name              = var.name
  image_id          = var.boot_volume_size == null ? var.image_id : null
  flavor_name       = var.flavor_name
  key_pair          = var.keypair_name
  availability_zone = var.availability_zone
  config_drive      = var.config_drive
  user_data         = var.user_data
  metadata          = var.metadata

  network {
    port = openstack_networking_port_v2.this.id
  }

  dynamic "block_device" {
    for_each = var.boot_volume_size == null ? [] : [var.boot_volume_size]
    content {
      uuid                  = var.image_id
      source_type           = "image"
      destination_type      = "volume"
      volume_size           = block_device.value
      volume_type           = var.boot_volume_type
      boot_index            = 0
      delete_on_termination = true
    }
  }

  scheduler_hints {
    group = var.server_group_id
  }
}

resource "openstack_networking_floatingip_v2" "this" {
  count = var.floating_ip_pool != null ? 1 : 0

  pool    = var.floating_ip_pool
  port_id = openstack_networking_port_v2.this.id
}

resource "openstack_networking_floatingip_associate_v2" "this" {
  count = var.existing_floating_ip != null ? 1 : 0

  floating_ip = var.existing_floating_ip
  port_id     = openstack_networking_port_v2.this.id
}

resource "openstack_lb_member_v2" "api" {
  count = var.api_pool_member ? 1 : 0

  name          = var.name
  pool_id       = var.api_pool_id
  address       = openstack_networking_port_v2.this.all_fixed_ips[0]
  subnet_id     = var.subnet_id
  protocol_port = 6443
}

locals {
  private_ip = openstack_networking_port_v2.this.all_fixed_ips[0]
  public_ip = (
    var.existing_floating_ip != null ? openstack_networking_floatingip_associate_v2.this[0].floating_ip :
    var.floating_ip_pool != null ? openstack_networking_floatingip_v2.this[0].address : null
  )
  # Where Ansible (and the wait below) connect: the node's floating IP when nodes are reached by
  # theirs (node_floating_ips), else the private address: through a bastion (a floating IP would
  # hairpin through the router, which replaces the bastion's address, so the SSH-from-the-bastion
  # rule would drop it) or from a runner on the nodes' network. An API floating IP on the first
  # control plane alone serves the API's clients, not Ansible.
  ssh_host = var.ssh_via_floating_ip && local.public_ip != null ? local.public_ip : local.private_ip
}

# Ansible does not wait for booting machines: apply ends only once the node answers on SSH,
# cloud-init is done (exit 2 is "done, with recoverable errors") and no apt-daily run holds the
# package lock (a oneshot service is "activating" while it runs; at most 15 minutes).
resource "terraform_data" "ssh_ready" {
  count = var.wait_for_ssh != null ? 1 : 0

  triggers_replace = [openstack_compute_instance_v2.this.id]

  connection {
    type         = "ssh"
    host         = local.ssh_host
    user         = var.ssh_user
    private_key  = file(pathexpand(var.wait_for_ssh.private_key_file))
    bastion_host = var.bastion_host
    timeout      = "15m"
  }

  provisioner "remote-exec" {
    inline = [
      "cloud-init status --wait > /dev/null || test $? -eq 2",
      "for i in $(seq 180); do systemctl is-active apt-daily.service apt-daily-upgrade.service > \"$HOME/.apt-daily\" || true; grep -qx -e active -e activating -e reloading \"$HOME/.apt-daily\" || exit 0; sleep 5; done; echo 'apt-daily still running after 15 minutes' >&2; exit 1",
    ]
  }
}

output "name" {
  value = openstack_compute_instance_v2.this.name
}

output "private_ip" {
  value = local.private_ip
}

output "public_ip" {
  description = "The node's floating IP; null without one."
  value       = local.public_ip
}

output "ssh_host" {
  value = local.ssh_host
}

output "ready" {
  description = "Known once the node is ready for Ansible (the SSH wait, when asked for)."
  value       = length(terraform_data.ssh_ready) > 0 ? terraform_data.ssh_ready[0].id : openstack_compute_instance_v2.this.id
}
