/* How this binary was built, for result files. The commit comes from a
 * header regenerated at every build (cmake/build_info.cmake). */
#ifndef CHESSLAB_BUILD_INFO_H
#define CHESSLAB_BUILD_INFO_H

#include <stdbool.h>

typedef struct BuildInfo {
    const char *commit;
    bool dirty;
    const char *compiler;   /* e.g. "gcc 12.2.0" */
    const char *flags;      /* C flags of the build type */
    const char *build_type; /* Release, RelWithDebInfo, ... */
} BuildInfo;

BuildInfo build_info(void);

#endif
