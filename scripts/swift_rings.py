# The one-device account, container and object rings of a throwaway Swift, written into its folder
# by the proxy's launcher (swift_server.py): the proxy is the one server that reads them.
from swift.common.ring import RingBuilder


def write_rings(folder, ports):
    """`ports`: the account, container and object servers' ports, in that order."""
    for name, port in zip(("account", "container", "object"), ports):
        builder = RingBuilder(part_power=6, replicas=1, min_part_hours=1)
        device = dict(region=1, zone=1, ip="127.0.0.1", port=int(port), device="d1", weight=100)
        builder.add_dev(device)
        builder.rebalance()
        builder.get_ring().save(f"{folder}/{name}.ring.gz")
