#include "bench/build_info.h"

#include "chesslab_git.h"

#if defined(__clang__)
#define COMPILER_TEXT "clang " __clang_version__
#elif defined(__GNUC__)
#define COMPILER_TEXT "gcc " __VERSION__
#else
#define COMPILER_TEXT "unknown"
#endif

BuildInfo build_info(void)
{
    return (BuildInfo){ CHESSLAB_GIT_COMMIT, CHESSLAB_GIT_DIRTY, COMPILER_TEXT, CHESSLAB_BUILD_FLAGS,
                        CHESSLAB_BUILD_TYPE };
}
