/*
 * loopy_timer: times Simon Tatham's Loopy solver inside one process, for
 * benchmarks/slitherlink_peers.py. Written for gridsolve; it contains no code
 * of the puzzles collection but is compiled against its public source
 * (loopy.c is included, so its static solver functions can be called):
 *
 *   gcc -O2 -I SRC -o loopy_timer loopy_timer.c SRC/nullfe.c <the collection's
 *       common objects> -lm
 *
 * Two modes:
 *
 *   loopy_timer solve [ROUNDS]
 *       reads one game ID per line on stdin; prints, per line,
 *       "VERDICT<TAB>TIER<TAB>S1,S2,..." where VERDICT is solved (the logic
 *       tiers complete the puzzle), gaveup (Hard does not complete it: harder
 *       than Hard or ambiguous), mistake (no solution) or invalid:MESSAGE;
 *       TIER is the weakest tier that completes it (Easy..Hard, else "-");
 *       S1.. are the seconds of each round. One round does exactly what
 *       loopysolver -g does after parsing: build the game, then run the
 *       solver at Easy, Normal, Tricky, Hard (each from scratch) until one
 *       completes or finds a mistake.
 *
 *   loopy_timer generate PARAMS COUNT SEED
 *       generates COUNT puzzles with Loopy's own generator (PARAMS such as
 *       10x10t0dh: size, grid type, difficulty) from a random state seeded by
 *       "SEED-i"; prints "ID<TAB>SECONDS" per puzzle.
 */

#include "loopy.c"

#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* One round: build the game from its description and run the tiers in turn.
 * Returns the solver status of the last tier run; *tier its index. */
static int solve_once(const game_params *p, const char *desc, int *tier)
{
    game_state *s = new_game(NULL, p, desc);
    int status = SOLVER_INCOMPLETE, diff;

    for (diff = 0; diff < DIFF_MAX; diff++) {
        solver_state *sstate = new_solver_state(s, diff);
        solver_state *sstate_new = solve_game_rec(sstate);

        status = sstate_new->solver_status;
        free_solver_state(sstate_new);
        free_solver_state(sstate);
        if (status == SOLVER_MISTAKE || status == SOLVER_SOLVED)
            break;
    }
    free_game(s);
    *tier = diff;
    return status;
}

static int run_solve(int rounds)
{
    char line[65536];

    while (fgets(line, sizeof line, stdin)) {
        char *desc, *end = line + strcspn(line, "\r\n");
        game_params *p;
        const char *err;
        int r, tier = DIFF_MAX, status = SOLVER_INCOMPLETE;

        *end = '\0';
        if (!*line)
            continue;
        desc = strchr(line, ':');
        if (!desc) {
            printf("invalid:no colon in the game ID\t-\t\n");
            fflush(stdout);
            continue;
        }
        *desc++ = '\0';
        p = default_params();
        decode_params(p, line);
        err = validate_params(p, true);
        if (!err)
            err = validate_desc(p, desc);
        if (err) {
            printf("invalid:%s\t-\t\n", err);
            fflush(stdout);
            free_params(p);
            continue;
        }
        for (r = 0; r < rounds; r++) {
            double t0 = now(), t1;

            status = solve_once(p, desc, &tier);
            t1 = now();
            if (r == 0)
                printf("%s\t%s\t",
                       status == SOLVER_SOLVED ? "solved" :
                       status == SOLVER_MISTAKE ? "mistake" : "gaveup",
                       status == SOLVER_SOLVED ? diffnames[tier] : "-");
            printf("%s%.9f", r ? "," : "", t1 - t0);
        }
        printf("\n");
        fflush(stdout);
        free_params(p);
    }
    return 0;
}

static int run_generate(const char *params, int count, const char *seed)
{
    game_params *p = default_params();
    const char *err;
    char *pstr;
    int i;

    decode_params(p, params);
    err = validate_params(p, true);
    if (err) {
        fprintf(stderr, "loopy_timer: %s: %s\n", params, err);
        return 1;
    }
    pstr = encode_params(p, false);
    for (i = 0; i < count; i++) {
        char seedbuf[256];
        random_state *rs;
        char *aux = NULL, *desc;
        double t0, t1;

        snprintf(seedbuf, sizeof seedbuf, "%s-%d", seed, i);
        rs = random_new(seedbuf, strlen(seedbuf));
        t0 = now();
        desc = new_game_desc(p, rs, &aux, false);
        t1 = now();
        printf("%s:%s\t%.9f\n", pstr, desc, t1 - t0);
        fflush(stdout);
        sfree(desc);
        sfree(aux);
        random_free(rs);
    }
    sfree(pstr);
    free_params(p);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "solve"))
        return run_solve(argc >= 3 ? atoi(argv[2]) : 1);
    if (argc == 5 && !strcmp(argv[1], "generate"))
        return run_generate(argv[2], atoi(argv[3]), argv[4]);
    fprintf(stderr, "usage: %s solve [ROUNDS] < ids | %s generate PARAMS COUNT SEED\n",
            argv[0], argv[0]);
    return 2;
}
