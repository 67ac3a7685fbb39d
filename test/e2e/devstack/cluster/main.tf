# One control plane and one worker for the DevStack e2e (.github/workflows/e2e-devstack.yml): a
# private network routed to the external one, two nodes booting from the image (no Cinder), and the
# Kubespray inventory that the action's playbook step reads.

locals {
  nodes = {
    control_plane = "${var.cluster_name}-cp-0"
    worker        = "${var.cluster_name}-worker-0"
  }
  flavors = {
    control_plane = var.control_plane_flavor_name
    worker        = var.worker_flavor_name
  }
}

data "openstack_networking_network_v2" "external" {
  name     = var.external_network
  external = true
}

resource "openstack_networking_network_v2" "cluster" {
  name = var.cluster_name
}

resource "openstack_networking_subnet_v2" "cluster" {
  name            = var.cluster_name
  network_id      = openstack_networking_network_v2.cluster.id
  cidr            = var.network_cidr
  ip_version      = 4
  dns_nameservers = var.dns_nameservers
}

resource "openstack_networking_router_v2" "cluster" {
  name                = var.cluster_name
  external_network_id = data.openstack_networking_network_v2.external.id
}

resource "openstack_networking_router_interface_v2" "cluster" {
  router_id = openstack_networking_router_v2.cluster.id
  subnet_id = openstack_networking_subnet_v2.cluster.id
}

resource "openstack_networking_secgroup_v2" "cluster" {
  name        = var.cluster_name
  description = "Nodes of the e2e cluster ${var.cluster_name}"
}

# ssh (Kubespray runs on the runner) and the API (the action's readiness wait, kubectl) from
# anywhere: the cloud is a throwaway on the runner itself.
resource "openstack_networking_secgroup_rule_v2" "from_anywhere" {
  for_each = { ssh = 22, api = 6443 }

  security_group_id = openstack_networking_secgroup_v2.cluster.id
  direction         = "ingress"
  ethertype         = "IPv4"
  protocol          = "tcp"
  port_range_min    = each.value
  port_range_max    = each.value
  remote_ip_prefix  = "0.0.0.0/0"
}

# Everything between the nodes (etcd, kubelet, Calico). Calico's default in Kubespray is VXLAN
# encapsulation, so pod traffic leaves the nodes from their own addresses and the ports need no
# allowed address pairs.
resource "openstack_networking_secgroup_rule_v2" "within_group" {
  security_group_id = openstack_networking_secgroup_v2.cluster.id
  direction         = "ingress"
  ethertype         = "IPv4"
  remote_group_id   = openstack_networking_secgroup_v2.cluster.id
}

resource "openstack_networking_port_v2" "node" {
  for_each = local.nodes

  name               = each.value
  network_id         = openstack_networking_network_v2.cluster.id
  security_group_ids = [openstack_networking_secgroup_v2.cluster.id]

  fixed_ip {
    subnet_id = openstack_networking_subnet_v2.cluster.id
  }
}

resource "openstack_compute_instance_v2" "node" {
  for_each = local.nodes

  name        = each.value
  image_name  = var.image_name
  flavor_name = local.flavors[each.key]
  key_pair    = var.keypair_name
  # cloud-init gets the ssh key and the user data from the config drive, whether or not DevStack
  # runs a metadata agent.
  config_drive = true
  # First boot: Ubuntu's apt-daily and apt-daily-upgrade timers (apt-get update, unattended-upgrades)
  # can fire while Kubespray installs packages, which then fails on the dpkg lock. bootcmd runs early
  # in the first boot and stops and disables both timers; a run that started before it is waited for
  # at the end of apply (terraform_data.ssh_ready).
  user_data = <<-EOT
    #cloud-config
    bootcmd:
      - [systemctl, disable, --now, apt-daily.timer, apt-daily-upgrade.timer]
    package_update: false
    package_upgrade: false
  EOT

  network {
    port = openstack_networking_port_v2.node[each.key].id
  }
}

# The API floating IP exists before the action runs (the action needs it up front as the VIP), so
# only its association is managed here; destroy leaves the address to the workflow.
resource "openstack_networking_floatingip_associate_v2" "api" {
  floating_ip = var.api_floating_ip
  port_id     = openstack_networking_port_v2.node["control_plane"].id

  # Neutron refuses a floating IP for a subnet without a router to the external network.
  depends_on = [openstack_networking_router_interface_v2.cluster]
}

# The worker gets a floating IP of its own, so Ansible on the runner reaches it without a jump host.
resource "openstack_networking_floatingip_v2" "worker" {
  pool    = var.external_network
  port_id = openstack_networking_port_v2.node["worker"].id

  depends_on = [openstack_networking_router_interface_v2.cluster]
}

locals {
  # Where the runner reaches each node (ssh, and the API on the control plane).
  public_ip = {
    control_plane = openstack_networking_floatingip_associate_v2.api.floating_ip
    worker        = openstack_networking_floatingip_v2.worker.address
  }
  private_ip = { for key, port in openstack_networking_port_v2.node : key => port.all_fixed_ips[0] }
}

# The action runs Kubespray right after apply, and Ansible does not wait for booting machines: apply
# ends only once every node answers on ssh, cloud-init is done (exit 2 is "done, with recoverable
# errors", e.g. deprecation warnings; waiting is all that matters here) and no apt-daily run holds the
# package lock (a oneshot service is "activating" while it runs; at most 15 minutes).
resource "terraform_data" "ssh_ready" {
  for_each = local.nodes

  triggers_replace = [openstack_compute_instance_v2.node[each.key].id]

  connection {
    type        = "ssh"
    host        = local.public_ip[each.key]
    user        = var.ssh_user
    private_key = file(pathexpand(var.ssh_private_key_file))
    timeout     = "15m"
  }

  provisioner "remote-exec" {
    inline = [
      "cloud-init status --wait > /dev/null || test $? -eq 2",
      "for i in $(seq 180); do systemctl is-active apt-daily.service apt-daily-upgrade.service > \"$HOME/.apt-daily\" || true; grep -qx -e active -e activating -e reloading \"$HOME/.apt-daily\" || exit 0; sleep 5; done; echo 'apt-daily still running after 15 minutes' >&2; exit 1",
    ]
  }
}

# Kubespray's inventory, group variables included, so the pipeline reads one generated file.
#
# The server in Kubespray's admin.conf (roles/kubernetes/client/tasks/main.yml, "Set external
# kube-apiserver endpoint" and "Write admin kubeconfig on ansible host") is external_apiserver_address:
# loadbalancer_apiserver.address if defined, else, with kubeconfig_localhost_ansible_host, the
# ansible_host of the first kube_control_plane host, else kube_apiserver_access_address (access_ip,
# the private address here, which the runner cannot reach). It is never 127.0.0.1, so the action has
# nothing to rewrite: kubeconfig_localhost_ansible_host makes it https://<api_floating_ip>:6443.
resource "local_file" "inventory" {
  filename             = "${path.module}/inventory/inventory.yaml"
  file_permission      = "0644"
  directory_permission = "0755"

  content = join("", [
    "# Generated by OpenTofu (main.tf); do not edit.\n",
    yamlencode({
      all = {
        hosts = {
          for key, name in local.nodes : name => {
            ansible_host                 = local.public_ip[key]
            ansible_user                 = var.ssh_user
            ansible_ssh_private_key_file = pathexpand(var.ssh_private_key_file)
            ip                           = local.private_ip[key]
            access_ip                    = local.private_ip[key]
          }
        }
        vars = {
          # Fetch the admin kubeconfig to inventory/artifacts/admin.conf on the runner.
          kubeconfig_localhost = true
          # ...with the control plane's ansible_host (the floating IP) as its server.
          kubeconfig_localhost_ansible_host = true
          # The API certificate must be valid for the floating IP too.
          supplementary_addresses_in_ssl_keys = [var.api_floating_ip]
          # The worker's API load balancer (nginx static pod, localhost:6443) from ECR Public's copy of
          # Docker Hub's official images (same tags as library/nginx, Kubespray's nginx_image_tag),
          # not Docker Hub, whose anonymous pull limit the shared runner addresses hit.
          nginx_image_repo = "public.ecr.aws/docker/library/nginx"
        }
        children = {
          kube_control_plane = { hosts = { (local.nodes.control_plane) = {} } }
          etcd               = { hosts = { (local.nodes.control_plane) = {} } }
          kube_node          = { hosts = { for name in values(local.nodes) : name => {} } }
          k8s_cluster        = { children = { kube_control_plane = {}, kube_node = {} } }
        }
      }
    }),
  ])

  depends_on = [terraform_data.ssh_ready]
}
