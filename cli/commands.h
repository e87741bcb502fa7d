/* The subcommands of the chesslab program; each returns the exit status. */
#ifndef CHESSLAB_CLI_COMMANDS_H
#define CHESSLAB_CLI_COMMANDS_H

int cmd_gens(int argc, char **argv);
int cmd_perft(int argc, char **argv);
/* perft --mpi (cmd_perft hands over when it sees --mpi). */
int cmd_perft_mpi(int argc, char **argv);
int cmd_perftree(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_topology(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_search(int argc, char **argv);
int cmd_uci(int argc, char **argv);
/* The search benchmarks behind cmd_bench (cmd_bench_search.c). */
int bench_signature(int argc, char **argv);
int bench_tactics(int argc, char **argv);
int bench_search(int argc, char **argv);
/* Stop latency and movetime overrun (cmd_bench_stop.c). */
int bench_stop(int argc, char **argv);
int cmd_game(int argc, char **argv);
/* Games between two UCI engines (cmd_match.c). */
int cmd_match(int argc, char **argv);
/* Texel tuning of the evaluation (cmd_tune.c). */
int cmd_tune(int argc, char **argv);
/* The NNUE tools: nnue train (cmd_nnue.c). */
int cmd_nnue(int argc, char **argv);

#endif
