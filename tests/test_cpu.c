/* One CPU-feature source: the generators' availability, the registry's
 * default, the search's board and the notes `gens` prints all follow
 * core/cpu.h, on whatever CPU runs the test; and the slow-PEXT rule is
 * checked on the vendors and families it is about. */
#include "tests/test_support.h"

#include <string.h>

#include "core/cpu.h"
#include "movegen_variants/bitboard/simd_levels.h"
#include "movegen_variants/registry.h"
#include "search/search_board.h"

static void test_slow_pext_rule(void **state)
{
    (void)state;
    assert_true(cpu_pext_microcoded_on("AuthenticAMD", 0x17));  /* Zen 1, Zen 2 */
    assert_true(cpu_pext_microcoded_on("AuthenticAMD", 0x15));  /* Excavator */
    assert_true(cpu_pext_microcoded_on("HygonGenuine", 0x18));  /* Dhyana, a Zen 1 */
    assert_false(cpu_pext_microcoded_on("AuthenticAMD", 0x19)); /* Zen 3, Zen 4 */
    assert_false(cpu_pext_microcoded_on("AuthenticAMD", 0x1a)); /* Zen 5 */
    assert_false(cpu_pext_microcoded_on("GenuineIntel", 6));
}

static void test_everyone_reads_one_source(void **state)
{
    (void)state;
    const CpuInfo *cpu = cpu_info();
    assert_ptr_equal(cpu, cpu_info());
    const MoveGen *pext = registry_find("pext");
    assert_non_null(pext);
    assert_int_equal(movegen_available(pext), cpu_runs_bmi2(cpu));
    const char *note = pext->note ? pext->note() : "";
    assert_int_equal(strstr(note, "this CPU is one of those") != NULL, cpu->pext_microcoded);

    assert_true(simd_level_supported(SIMD_LEVEL_SCALAR));
    assert_int_equal(simd_level_supported(SIMD_LEVEL_AVX2), cpu_runs_avx2(cpu));
    assert_int_equal(simd_level_supported(SIMD_LEVEL_AVX512), cpu_runs_avx512(cpu));

    /* The search plays on pext exactly where pext is fast; the registry's
     * default never picks a slow pext. */
    assert_string_equal(search_board_ops()->strategy, cpu_pext_fast(cpu) ? "pext" : "magic");
    assert_int_equal(search_board_ops_named("pext") != NULL, cpu_runs_bmi2(cpu));
    if (!cpu_pext_fast(cpu))
        assert_string_not_equal(registry_default()->name, "pext");
}

static void test_features_imply_each_other(void **state)
{
    (void)state;
    const CpuInfo *cpu = cpu_info();
    if (cpu_runs_avx512(cpu))
        assert_true(cpu_runs_avx2(cpu));
    if (cpu_runs_avx2(cpu))
        assert_true(cpu_runs_bmi2(cpu));
    if (cpu->pext_microcoded)
        assert_true(cpu->bmi2 && cpu_pext_microcoded_on(cpu->vendor, cpu->family));
    assert_int_equal(strlen(cpu->vendor) > 0, true);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_slow_pext_rule),
        cmocka_unit_test(test_everyone_reads_one_source),
        cmocka_unit_test(test_features_imply_each_other),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
