/* chesslab gens: every generator, its summary, and whether this CPU runs it. */
#include <stdio.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "core/cpu.h"
#include "movegen_variants/registry.h"

int cmd_gens(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            printf("usage: chesslab gens\n\nLists every move generator with a one-line summary and whether this\n"
                   "CPU can run it (and why not).\n");
            return 0;
        }
        cli_error("gens", "unknown option '%s'", argv[i]);
        return EXIT_USAGE;
    }
    const CpuInfo *cpu = cpu_info();
    char features[128];
    cpu_feature_list(cpu, features, sizeof features);
    printf("CPU: %s (%s)\n\n", cpu->brand[0] ? cpu->brand : "unknown", features[0] ? features : "no extensions");
    printf("%-10s %-9s %s\n", "name", "runs here", "summary");
    for (size_t i = 0; i < registry_count(); i++) {
        const MoveGen *g = registry_at(i);
        const char *reason = g->unavailable_reason ? g->unavailable_reason() : NULL;
        printf("%-10s %-9s %s\n", g->name, reason ? "no" : "yes", g->summary);
        if (reason)
            printf("%-10s %-9s not available: %s\n", "", "", reason);
        const char *note = g->note ? g->note() : NULL;
        if (note)
            printf("%-10s %-9s note: %s\n", "", "", note);
    }
    printf("\ndefault: %s\n", registry_default()->name);
    return 0;
}
