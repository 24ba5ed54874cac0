package io.asynclog.core.lane.otlp;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.asynclog.core.lane.Destination.Offer;
import io.asynclog.core.lane.Destination.Outcome;
import io.asynclog.core.lane.LaneRecord;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The OTLP sender's batching, order and retry, against an exporter kept in memory whose
 * answers the test gives: one request in flight at a time, the next one ready behind it; a
 * request the collector cannot take now is sent again first; what is still unanswered at
 * the close is told so.
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class OtlpSenderTests {

	private static final OtlpSettings SETTINGS = new OtlpSettings("http://127.0.0.1:4318/v1/logs", false, Map.of(),
			"none", Duration.ofSeconds(1), Map.of());

	private final MemoryExporter exporter = new MemoryExporter();

	private final OtlpSender sender = new OtlpSender("otlp-unit", SETTINGS, this.exporter);

	@Test
	void requestsLeaveOneAtATimeInOrderTheNextReadyBehindTheOneInFlight() {
		List<State> first = offer("a", 0, 3);
		this.sender.afterOffers();
		assertThat(this.exporter.bodies()).containsExactly(List.of("a0", "a1", "a2"));
		List<State> second = offer("a", 3, 2);
		this.sender.afterOffers();
		assertThat(this.exporter.bodies()).as("one request in flight at a time").hasSize(1);
		this.exporter.answer(0, CompletableResultCode.ofSuccess());
		assertThat(first).allMatch((state) -> state.acknowledged == 1);
		assertThat(this.exporter.bodies()).as("the next request leaves as the answer comes")
			.containsExactly(List.of("a0", "a1", "a2"), List.of("a3", "a4"));
		assertThat(second).allMatch((state) -> state.acknowledged == 0);
		this.exporter.answer(1, CompletableResultCode.ofSuccess());
		assertThat(second).allMatch((state) -> state.acknowledged == 1);
		assertThat(this.sender.acknowledged()).isEqualTo(5);
		assertThat(this.sender.waiting()).isZero();
	}

	@Test
	void aFullRequestWithAnotherInFlightAndOneReadyMakesTheLaneOfferAgainShortly() {
		List<State> states = new ArrayList<>();
		Offer last = null;
		int offered = 0;
		while (offered <= 4 * OtlpSender.MAX_BATCH && (last = offer(record("b" + offered), states)) == Offer.ACCEPTED) {
			offered++;
		}
		assertThat(last).isEqualTo(Offer.BUSY);
		assertThat(offered).as("one request in flight, one ready, one filling").isEqualTo(3 * OtlpSender.MAX_BATCH);
		assertThat(this.exporter.bodies()).hasSize(1);
		assertThat(this.exporter.bodies().get(0)).hasSize(OtlpSender.MAX_BATCH);
	}

	@Test
	void aRequestTheCollectorCannotTakeNowIsSentAgainFirstAndNewRecordsWait() {
		List<State> first = offer("c", 0, 2);
		this.sender.afterOffers();
		// No answer at all (a collector away): worth sending again.
		this.exporter.answer(0, CompletableResultCode.ofExceptionalFailure(new java.net.ConnectException("away")));
		assertThat(offer(record("c2"), new ArrayList<>())).as("no more records into memory meanwhile")
			.isEqualTo(Offer.NOT_NOW);
		assertThat(first).allMatch((state) -> state.settled() == 0);
		await("the request sent again after its pause").atMost(Duration.ofSeconds(10)).until(() -> {
			this.sender.afterOffers();
			return this.exporter.bodies().size() == 2;
		});
		assertThat(this.exporter.bodies().get(1)).containsExactly("c0", "c1");
		this.exporter.answer(1, CompletableResultCode.ofSuccess());
		assertThat(first).allMatch((state) -> state.acknowledged == 1);
		assertThat(this.sender.failed()).isZero();
		assertThat(offer(record("c2"), new ArrayList<>())).isEqualTo(Offer.ACCEPTED);
	}

	@Test
	void theCloseTellsEveryRecordStillWaitingThatItWasNotAnswered() {
		List<State> inFlight = offer("d", 0, 2);
		this.sender.afterOffers();
		List<State> filling = offer("d", 2, 1);
		this.sender.close(Duration.ofMillis(50));
		assertThat(inFlight).allMatch((state) -> state.unanswered == 1);
		assertThat(filling).allMatch((state) -> state.unanswered == 1);
		assertThat(this.exporter.shutdown).isTrue();
		// An answer after the close changes nothing: each record is told once.
		this.exporter.answer(0, CompletableResultCode.ofSuccess());
		assertThat(inFlight).allMatch((state) -> state.settled() == 1);
	}

	private List<State> offer(String prefix, int from, int count) {
		List<State> states = new ArrayList<>();
		for (int i = from; i < from + count; i++) {
			assertThat(offer(record(prefix + i), states)).isEqualTo(Offer.ACCEPTED);
		}
		return states;
	}

	private Offer offer(LaneRecord record, List<State> states) {
		State state = new State();
		Offer offer = this.sender.offer(record, state);
		if (offer == Offer.ACCEPTED) {
			states.add(state);
		}
		return offer;
	}

	private static LaneRecord record(String body) {
		return LaneRecord.of(new OtlpRecord(1, "INFO", "unit", body, "main", 1, null, null, null, Map.of()), 1);
	}

	/** What the sender told one record. */
	private static final class State implements Outcome {

		volatile int acknowledged;

		volatile int failed;

		volatile int unanswered;

		@Override
		public void acknowledged() {
			this.acknowledged++;
		}

		@Override
		public void failed() {
			this.failed++;
		}

		@Override
		public void unanswered() {
			this.unanswered++;
		}

		int settled() {
			return this.acknowledged + this.failed + this.unanswered;
		}

	}

	/** An exporter kept in memory: it keeps each request's bodies and answers when told. */
	private static final class MemoryExporter implements LogRecordExporter {

		private final List<List<String>> bodies = Collections.synchronizedList(new ArrayList<>());

		private final List<CompletableResultCode> results = Collections.synchronizedList(new ArrayList<>());

		volatile boolean shutdown;

		@Override
		public CompletableResultCode export(Collection<LogRecordData> logs) {
			this.bodies.add(logs.stream().map((log) -> log.getBodyValue().asString()).toList());
			CompletableResultCode result = new CompletableResultCode();
			this.results.add(result);
			return result;
		}

		void answer(int request, CompletableResultCode answer) {
			CompletableResultCode result = this.results.get(request);
			if (answer.isSuccess()) {
				result.succeed();
			}
			else {
				result.failExceptionally(answer.getFailureThrowable());
			}
		}

		List<List<String>> bodies() {
			synchronized (this.bodies) {
				return List.copyOf(this.bodies);
			}
		}

		@Override
		public CompletableResultCode flush() {
			return CompletableResultCode.ofSuccess();
		}

		@Override
		public CompletableResultCode shutdown() {
			this.shutdown = true;
			return CompletableResultCode.ofSuccess();
		}

	}

}
