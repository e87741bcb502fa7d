/* The subcommands of `chesslab nnue` (cli/cmd_nnue.c dispatches to them);
 * argv starts after the subcommand's name. */
#ifndef CHESSLAB_CLI_CMD_NNUE_H
#define CHESSLAB_CLI_CMD_NNUE_H

/* chesslab nnue data (cli/cmd_nnue_data.c). */
int cmd_nnue_data(int argc, char **argv);
/* chesslab nnue selfplay (cli/cmd_nnue_selfplay.c). */
int cmd_nnue_selfplay(int argc, char **argv);
/* chesslab nnue unpack (cli/cmd_nnue_unpack.c). */
int cmd_nnue_unpack(int argc, char **argv);

#endif
