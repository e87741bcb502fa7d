/* chesslab topology: what hwloc sees (packages, NUMA nodes, cores, PUs,
 * caches) and the order in which threads are placed. */
#include <stdio.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "core/topology.h"

int cmd_topology(int argc, char **argv)
{
    bool json = false;
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            printf("usage: chesslab topology [--json]\n\nPrints the machine as hwloc sees it and the PU order used by\n"
                   "--bind compact and --bind scatter.\n");
            return 0;
        } else if (strcmp(argv[i], "--json") == 0) {
            json = true;
        } else {
            cli_error("topology", "unknown option '%s'", argv[i]);
            return EXIT_USAGE;
        }
    }
    Topology *t = topology_open();
    if (t == NULL) {
        cli_error("topology", "hwloc could not read this machine's topology");
        return 1;
    }
    if (json) {
        JsonWriter w;
        json_writer_init(&w, stdout);
        topology_write_json(t, &w, NULL);
    } else {
        topology_print(t, stdout);
    }
    topology_close(t);
    return 0;
}
