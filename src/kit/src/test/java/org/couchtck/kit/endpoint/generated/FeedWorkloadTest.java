package org.couchtck.kit.endpoint.generated;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.LongStream;
import org.couchtck.kit.generate.Choices;
import org.couchtck.kit.generate.Counterexample;
import org.couchtck.kit.generate.GenerationBudget;
import org.couchtck.kit.generate.Property;
import org.couchtck.kit.generate.PropertyRunner;
import org.couchtck.kit.wire.Transcript;
import org.junit.jupiter.api.Test;

class FeedWorkloadTest {

    @Test
    void should_generate_the_same_workload_when_the_seed_is_the_same() {
        // when
        FeedWorkload first = FeedWorkload.generate(Choices.random(20261122L));
        FeedWorkload second = FeedWorkload.generate(Choices.random(20261122L));

        // then
        assertThat(first.operations()).isPositive();
        assertThat(second.writers()).isEqualTo(first.writers());
        assertThat(second).isEqualTo(first);
        assertThat(second.lines()).isEqualTo(first.lines());
    }

    @Test
    void should_generate_every_kind_of_operation_when_drawing_from_many_seeds() {
        // when
        List<FeedWorkload> workloads = LongStream.range(0, 40).mapToObj(seed -> FeedWorkload.generate(
                Choices.random(seed))).toList();

        // then
        assertThat(workloads.stream().map(FeedWorkload::writers).distinct().count()).isGreaterThan(30);
        assertThat(workloads.stream().flatMap(w -> w.writers().stream()).flatMap(List::stream).map(FeedOp::kind))
                .contains(FeedOp.Kind.values());
        assertThat(workloads).allSatisfy(w -> {
            assertThat(w.writers()).hasSizeLessThanOrEqualTo(FeedWorkload.MAX_WRITERS);
            assertThat(w.writers()).allSatisfy(ops -> assertThat(ops).hasSizeLessThanOrEqualTo(
                    FeedWorkload.MAX_OPERATIONS));
        });
    }

    @Test
    void should_only_delete_what_the_writer_created_when_generating() {
        // when
        List<FeedWorkload> workloads = LongStream.range(0, 40).mapToObj(seed -> FeedWorkload.generate(
                Choices.random(seed))).toList();

        // then
        for (FeedWorkload workload : workloads) {
            for (List<FeedOp> ops : workload.writers()) {
                for (int i = 0; i < ops.size(); i++) {
                    FeedOp op = ops.get(i);
                    List<FeedOp> before = ops.subList(0, i);
                    if (op.kind() == FeedOp.Kind.DELETE_DB) {
                        assertThat(before).anySatisfy(b -> {
                            assertThat(b.kind()).isEqualTo(FeedOp.Kind.CREATE_DB);
                            assertThat(b.number()).isEqualTo(op.number());
                        });
                    }
                    if (op.kind() == FeedOp.Kind.DELETE) {
                        assertThat(before).anySatisfy(b -> assertThat(b.onDocument() && b.number() == op.number())
                                .isTrue());
                    }
                }
            }
        }
    }

    @Test
    void should_shrink_to_one_writer_creating_and_deleting_a_database_when_only_database_deletions_fail() {
        // given
        Property<FeedWorkload> noDatabaseDeletions = new Property<>() {
            @Override
            public FeedWorkload generate(Choices choices) {
                return FeedWorkload.generate(choices);
            }

            @Override
            public Optional<Counterexample> check(FeedWorkload workload, Transcript transcript) {
                boolean deletes = workload.writers().stream().flatMap(List::stream)
                        .anyMatch(op -> op.kind() == FeedOp.Kind.DELETE_DB);
                return deletes ? Optional.of(new Counterexample("a database was deleted", "", "", workload.lines(),
                        0)) : Optional.empty();
            }
        };
        GenerationBudget budget = new GenerationBudget(200, Duration.ofSeconds(30), 5_000, Duration.ofSeconds(30));

        // when
        PropertyRunner.Report report = new PropertyRunner(budget, 2).run("deletions", noDatabaseDeletions, 3);

        // then
        assertThat(report.failure()).isPresent();
        assertThat(report.failure().get().shrunk().lines()).containsExactly(
                "writer 0: create database w0x0", "writer 0: delete database w0x0");
    }
}
