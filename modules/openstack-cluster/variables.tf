# The cluster's inputs. Every variable without a default is a choice only its owner can make;
# `cluster-deploy init` writes them as CHANGEME, which preflight refuses by name.

variable "cluster_name" {
  description = "Prefix of every resource and node name (a DNS label); the same as the config's cluster name."
  type        = string

  validation {
    condition     = can(regex("^[a-z]([a-z0-9-]{0,38}[a-z0-9])?$", var.cluster_name))
    error_message = "cluster_name must be a DNS label of at most 40 characters: lower-case letters, digits and \"-\", starting with a letter."
  }
}

variable "kube_version" {
  description = "Kubernetes version Kubespray installs, without a \"v\" (the config's opencenter.cluster.kubernetes.version); one the pinned Kubespray supports."
  type        = string

  validation {
    condition     = can(regex("^[0-9]+\\.[0-9]+\\.[0-9]+$", var.kube_version))
    error_message = "kube_version must be a version like 1.34.2, without a \"v\"."
  }
}

variable "image_id" {
  description = "Glance image id of the nodes (an Ubuntu or another OS Kubespray supports), as Kubespray contrib's image_uuid: pinned, so an image published later under the same name never reaches them. A new id is an in-place rebuild of every node (with boot_volume_size: a replacement of every server, block_device being ForceNew), which cluster-deploy deploy refuses: `cluster-deploy replace-nodes` rolls it out one node at a time. Output node_image_id shows the id in use."
  type        = string
  default     = null

  validation {
    condition     = var.image_id == null || can(regex("^[0-9A-Za-z][0-9A-Za-z-]{0,63}$", var.image_id))
    error_message = "image_id must be a Glance image id (a UUID, e.g. from `openstack image show -f value -c id NAME`), or null to look image_name up."
  }
}

variable "image_name" {
  description = "Only when image_id is null: the Glance image looked up by name, the most recent of that name at every plan. A new image under the name then shows as a rebuild of every node (refused by a deploy); pin image_id instead (output node_image_id)."
  type        = string
  default     = null
}

variable "ssh_user" {
  description = "Login user of the image: Kubespray's ansible_user."
  type        = string
  default     = "ubuntu"
}

variable "keypair_name" {
  description = "Existing Nova keypair whose private key the deploy uses (the action's ssh-private-key). Leave null to create one from ssh_public_key."
  type        = string
  default     = null
}

variable "ssh_public_key" {
  description = "Public key for a keypair this module creates (named <cluster_name>), when keypair_name is null. The private key never enters OpenTofu."
  type        = string
  default     = null
}

variable "control_plane" {
  description = <<-EOT
    The control plane (also the etcd members): flavor and node names. Node i is named
    "<cluster_name>-<name>"; list names, not a count, so removing one removes that one. An odd
    number (1, 3, 5) keeps etcd's quorum. The first is Kubespray's first control plane: append new
    names at the end. Set boot_volume_size (GiB) to boot from a Cinder volume.
  EOT
  type = object({
    flavor_name         = string
    names               = list(string)
    boot_volume_size    = optional(number)
    boot_volume_type    = optional(string)
    server_group_policy = optional(string, "soft-anti-affinity")
  })

  validation {
    condition     = length(var.control_plane.names) % 2 == 1 && length(var.control_plane.names) <= 7
    error_message = "control_plane.names must hold an odd number of names (1, 3, 5 or 7): they are also the etcd members."
  }

  validation {
    condition     = alltrue([for name in var.control_plane.names : can(regex("^[a-z0-9]([a-z0-9-]{0,20}[a-z0-9])?$", name))])
    error_message = "control_plane.names must be short DNS labels (lower-case letters, digits and \"-\", at most 22 characters)."
  }

  validation {
    condition     = contains(["affinity", "anti-affinity", "soft-affinity", "soft-anti-affinity"], var.control_plane.server_group_policy)
    error_message = "control_plane.server_group_policy must be affinity, anti-affinity, soft-affinity or soft-anti-affinity."
  }
}

variable "worker_pools" {
  description = <<-EOT
    Worker pools by pool name: flavor and node names, as for the control plane. Adding a name adds
    that worker; removing one removes exactly that worker. Each pool has its own server group.
  EOT
  type = map(object({
    flavor_name         = string
    names               = list(string)
    boot_volume_size    = optional(number)
    boot_volume_type    = optional(string)
    server_group_policy = optional(string, "soft-anti-affinity")
  }))
  default = {}

  validation {
    condition = alltrue(flatten([
      for pool, spec in var.worker_pools : [
        for name in spec.names : can(regex("^[a-z0-9]([a-z0-9-]{0,20}[a-z0-9])?$", name))
      ]
    ]))
    error_message = "worker_pools.<pool>.names must be short DNS labels (lower-case letters, digits and \"-\", at most 22 characters)."
  }

  validation {
    condition     = alltrue([for pool, spec in var.worker_pools : pool != "control-plane" && contains(["affinity", "anti-affinity", "soft-affinity", "soft-anti-affinity"], spec.server_group_policy)])
    error_message = "worker_pools: a pool may not be named control-plane (the control plane's server group), and server_group_policy must be affinity, anti-affinity, soft-affinity or soft-anti-affinity."
  }
}

variable "availability_zone" {
  description = "Nova availability zone of the servers; null lets Nova choose."
  type        = string
  default     = null
}

variable "network" {
  description = <<-EOT
    The nodes' network. By default a network, a subnet of cidr and a router to external_network
    are created. Set existing_network_id and existing_subnet_id to use a network you manage.
    external_network is the name of the external network (router gateway and floating IPs).
  EOT
  type = object({
    cidr                = optional(string, "10.2.128.0/22")
    dns_nameservers     = optional(list(string), [])
    external_network    = optional(string)
    existing_network_id = optional(string)
    existing_subnet_id  = optional(string)
  })
  default = {}

  validation {
    condition     = (var.network.existing_network_id == null) == (var.network.existing_subnet_id == null)
    error_message = "network.existing_network_id and network.existing_subnet_id go together: set both, or neither to create a network."
  }
}

variable "api_load_balancer" {
  description = <<-EOT
    How the Kubernetes API is reached: "octavia" (a load balancer with the control planes as
    members and a health monitor), "vip" (a Neutron port whose address kube-vip moves between the
    control planes, in their allowed address pairs), or "none" (the first control plane).
  EOT
  type        = string
  default     = "octavia"

  validation {
    condition     = contains(["octavia", "vip", "none"], var.api_load_balancer)
    error_message = "api_load_balancer must be octavia, vip or none."
  }
}

variable "octavia_provider" {
  description = "Octavia provider of the API load balancer: amphora (pool method ROUND_ROBIN) or ovn (SOURCE_IP_PORT, the only one OVN supports)."
  type        = string
  default     = "amphora"

  validation {
    condition     = contains(["amphora", "ovn"], var.octavia_provider)
    error_message = "octavia_provider must be amphora or ovn."
  }
}

variable "api_port" {
  description = "Port of the Kubernetes API on the load balancer or VIP."
  type        = number
  default     = 6443
}

variable "api_vip_address" {
  description = "Fixed private address of the API (the load balancer's VIP with octavia, the VIP port with vip) in the nodes' subnet, known before the first apply (the config's k8s_api_ip on a private network); null lets Octavia or Neutron choose one."
  type        = string
  default     = null
}

variable "api_floating_ip" {
  description = "An existing floating IP address for the API, associated with the load balancer, the VIP port or the first control plane; it is also put into the API certificate. Allocated outside this module, so it survives a destroy and is known before the first apply."
  type        = string
  default     = null
}

variable "api_allowed_cidrs" {
  description = "CIDRs allowed to reach the Kubernetes API (the runner's, your office's). The nodes' subnet is always allowed."
  type        = list(string)
}

variable "ssh_allowed_cidrs" {
  description = "CIDRs allowed to SSH to the bastion, or to the nodes when there is no bastion: where Kubespray runs (the runner)."
  type        = list(string)
}

variable "bastion" {
  description = "An SSH jump host with a floating IP, for nodes the runner cannot reach directly; null for none. Kubespray finds it as the host named \"bastion\"."
  type = object({
    flavor_name = string
    image_name  = optional(string)
  })
  default = null
}

variable "node_floating_ips" {
  description = "Give every node a floating IP from network.external_network and let Ansible connect through it (a runner outside the cloud, no bastion)."
  type        = bool
  default     = false
}

variable "pod_cidr" {
  description = "Kubespray's kube_pods_subnet; allowed on every node port, as Kubespray's OpenStack docs ask for Calico."
  type        = string
  default     = "10.233.64.0/18"
}

variable "service_cidr" {
  description = "Kubespray's kube_service_addresses; allowed on every node port."
  type        = string
  default     = "10.233.0.0/18"
}

variable "network_plugin" {
  description = "Kubespray's kube_network_plugin."
  type        = string
  default     = "calico"
}

variable "cinder_csi_enabled" {
  description = "Install the Cinder CSI driver (Kubespray's cinder_csi_enabled)."
  type        = bool
  default     = false
}

variable "config_drive" {
  description = "Give the servers a config drive (cloud-init without a metadata service)."
  type        = bool
  default     = false
}

variable "user_data" {
  description = "cloud-init user data of every server. The default stops Ubuntu's apt-daily timers at first boot, which would otherwise hold the dpkg lock while Kubespray installs packages."
  type        = string
  default     = <<-EOT
    #cloud-config
    bootcmd:
      - [systemctl, disable, --now, apt-daily.timer, apt-daily-upgrade.timer]
    package_update: false
    package_upgrade: false
  EOT
}

variable "wait_for_ssh" {
  description = "When set, apply ends only once every node answers on SSH with this private key file (on the machine running tofu), cloud-init is done and no apt-daily run holds the package lock."
  type = object({
    private_key_file = string
  })
  default = null
}

variable "kubespray_variables" {
  description = "More Kubespray variables for group_vars/all/cluster-deploy.yml (for example nginx_image_repo); they must be variables the pinned Kubespray defines."
  type        = any
  default     = {}

  validation {
    condition     = alltrue([for name in keys(var.kubespray_variables) : can(regex("^[a-z_][a-z0-9_]*$", name))])
    error_message = "kubespray_variables must map Kubespray variable names (lower-case letters, digits and \"_\") to values."
  }
}

variable "inventory_dir" {
  description = "Where the Kubespray inventory is written; the default, <cluster dir>/inventory, is where cluster-deploy reads it."
  type        = string
  default     = null
}

variable "metadata" {
  description = "Metadata set on every server."
  type        = map(string)
  default     = {}
}

variable "nodeports_from_subnet" {
  description = "Admit the NodePort range (30000-32767, TCP and UDP) from the nodes' subnet, the path of LoadBalancer Services through Octavia's amphorae (as Kubespray's contrib module does by default)."
  type        = bool
  default     = true
}

variable "extra_security_group_rules" {
  description = <<-EOT
    More rules on the nodes' security group, e.g. NodePorts from the clients of an OVN load
    balancer (OVN keeps their addresses) or an ingress port: protocol (tcp, udp, icmp or sctp),
    port_range_min and port_range_max (1-65535; for icmp the type and code), remote_ip_prefix (a
    CIDR), direction (ingress by default) and a description.
  EOT
  type = list(object({
    protocol         = string
    port_range_min   = number
    port_range_max   = number
    remote_ip_prefix = string
    direction        = optional(string, "ingress")
    description      = optional(string, "")
  }))
  default = []

  validation {
    condition     = alltrue([for rule in var.extra_security_group_rules : contains(["tcp", "udp", "icmp", "sctp"], rule.protocol) && contains(["ingress", "egress"], rule.direction)])
    error_message = "extra_security_group_rules: protocol must be tcp, udp, icmp or sctp, and direction ingress or egress."
  }

  validation {
    condition = alltrue([for rule in var.extra_security_group_rules : (
      rule.protocol == "icmp" ? rule.port_range_min >= 0 && rule.port_range_min <= 255 && rule.port_range_max >= 0 && rule.port_range_max <= 255 :
      rule.port_range_min >= 1 && rule.port_range_max <= 65535 && rule.port_range_min <= rule.port_range_max
    ) && floor(rule.port_range_min) == rule.port_range_min && floor(rule.port_range_max) == rule.port_range_max])
    error_message = "extra_security_group_rules: port_range_min and port_range_max must be whole ports from 1 to 65535 with min <= max (for icmp: the type and code, 0-255)."
  }

  validation {
    condition     = alltrue([for rule in var.extra_security_group_rules : can(cidrhost(rule.remote_ip_prefix, 0)) && length(split("/", rule.remote_ip_prefix)) == 2])
    error_message = "extra_security_group_rules: remote_ip_prefix must be a CIDR such as 198.51.100.0/24 or 0.0.0.0/0."
  }

  validation {
    condition     = length(distinct([for rule in var.extra_security_group_rules : "${rule.direction} ${rule.protocol} ${rule.port_range_min}-${rule.port_range_max} ${rule.remote_ip_prefix}"])) == length(var.extra_security_group_rules)
    error_message = "extra_security_group_rules: a rule is listed twice (the same direction, protocol, ports and remote_ip_prefix); Neutron refuses duplicate rules."
  }
}
