/* CHESSLAB_FORCE_INLINE: for hot helpers whose constant arguments (side to
 * move, sink, in check) must fold away in each specialised copy.
 * Sanitizer builds define CHESSLAB_NO_FORCED_INLINE (CMakeLists.txt): with
 * every memory access instrumented, the forced trees of a generator grow
 * to megabytes per function and gcc needs minutes per file (seconds when
 * the compiler may choose what to inline); the checks stay the same. */
#ifndef CHESSLAB_INLINE_H
#define CHESSLAB_INLINE_H

#ifdef CHESSLAB_NO_FORCED_INLINE
#define CHESSLAB_FORCE_INLINE inline
#else
#define CHESSLAB_FORCE_INLINE inline __attribute__((always_inline))
#endif

#endif
