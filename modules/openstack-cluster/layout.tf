# The layouts this module refuses, with the reason: combinations of the API endpoint, floating IPs,
# the bastion and the network that could not work on a real cloud. They are checked when the plan
# is made (a precondition of the nodes' security group, which every layout has), all at once, so
# the plan fails before anything is created, naming each variable. Variables' own validations
# cannot refer to other variables before Terraform 1.9, and this module supports OpenTofu 1.6.
# README.md "Layouts" lists what each accepted layout does and which runner it serves.

locals {
  layout_refusals = compact([
    local.create_network && var.network.external_network == null ? "network.external_network is needed when this module creates the network: without a router to an external network the nodes cannot download what Kubespray installs and no runner can reach them. Set it, or give the runner's own network as network.existing_network_id and existing_subnet_id." : "",
    var.node_floating_ips && var.network.external_network == null ? "node_floating_ips = true needs network.external_network, the pool the nodes' floating IPs come from." : "",
    var.bastion != null && var.network.external_network == null ? "bastion needs network.external_network for its floating IP." : "",
    var.bastion != null && var.node_floating_ips ? "bastion and node_floating_ips = true together: Ansible goes through the bastion to the nodes' private addresses and SSH to the nodes is opened to the bastion only, so the nodes' floating IPs would serve no one. Choose one: a bastion (the nodes stay private) or node_floating_ips (no bastion)." : "",
    var.node_floating_ips && var.api_load_balancer != "none" ? "node_floating_ips = true with api_load_balancer = \"${var.api_load_balancer}\": the floating IPs serve a runner outside the cloud, but the kubeconfig Kubespray writes points at the ${var.api_load_balancer == "octavia" ? "load balancer's" : "VIP's"} private address (loadbalancer_apiserver), which such a runner cannot reach. Outside the cloud use api_load_balancer = \"none\" (with api_floating_ip); on the nodes' network use no floating IPs." : "",
    var.api_floating_ip != null && local.create_network && var.network.external_network == null ? "api_floating_ip needs network.external_network: a floating IP reaches the subnet only through the router this module creates to it." : "",
    var.api_load_balancer != "octavia" && var.api_port != 6443 ? "api_port other than 6443 needs api_load_balancer = \"octavia\": with vip or none the API is kube-apiserver's own port, 6443." : "",
    var.api_load_balancer == "none" && var.api_vip_address != null ? "api_vip_address is the address of a load balancer or a VIP: with api_load_balancer = \"none\" the API is the first control plane's own address; remove it or choose octavia or vip." : "",
  ])
}
