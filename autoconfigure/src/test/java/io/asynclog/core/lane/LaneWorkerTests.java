package io.asynclog.core.lane;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.asynclog.core.lane.Destination.Offer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lane's loop, run to its end on the test's own thread: a stopping worker with time
 * left sends until nothing is left, so each test fills the queue, runs it, and reads what
 * the destination was offered, in which order, when, and what the stop kept. The
 * destination answers on the offering thread, as the test scripts it.
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LaneWorkerTests {

	private static final long FIRST_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

	@TempDir
	Path dir;

	private final ScriptedDestination destination = new ScriptedDestination();

	@Test
	void recordsAreOfferedInOrderAndTheStopEndsOnceAllAreAnswered() {
		Handoff<LaneRecord> queue = queue(1024, numbered("r", 100));
		LaneWorker worker = new LaneWorker("worker-order", this.destination, settings(1024, null), queue);
		worker.roomWaitTimedOut = true;
		runToTheEnd(worker);
		assertThat(this.destination.delivered).isEqualTo(numbered("r", 100));
		assertThat(this.destination.offered).hasSize(100);
		assertThat(queue.count()).isZero();
		assertThat(worker.inFlight()).isZero();
		assertThat(worker.keptAtStop()).isZero();
		assertThat(worker.lostAtStop()).isZero();
		assertThat(worker.roomWaitTimedOut).as("cleared once records are taken again").isFalse();
		assertThat(this.destination.closedWith).as("closed with the time left").isPositive();
	}

	/**
	 * An offer the client cannot take now is made again after a pause that doubles each
	 * time: the offers' times are at least 10, 20 and 40 ms apart, and the record is offered
	 * no more often than that.
	 */
	@Test
	void anOfferRefusedForNowIsMadeAgainAfterAGrowingPause() {
		this.destination.script(Offer.NOT_NOW, Offer.NOT_NOW, Offer.NOT_NOW);
		LaneWorker worker = new LaneWorker("worker-backoff", this.destination, settings(1024, null),
				queue(1024, List.of("a", "b")));
		runToTheEnd(worker);
		assertThat(this.destination.offered).containsExactly("a", "a", "a", "a", "b");
		List<Long> at = this.destination.offeredNanos;
		for (int i = 1; i <= 3; i++) {
			assertThat(at.get(i) - at.get(i - 1)).as("pause before offer %d", i)
				.isGreaterThanOrEqualTo(FIRST_BACKOFF_NANOS << (i - 1));
		}
		assertThat(this.destination.delivered).containsExactly("a", "b");
	}

	@Test
	void aBusyClientIsOfferedTheRecordAgainAfterAShortPause() {
		this.destination.script(Offer.BUSY, Offer.BUSY);
		LaneWorker worker = new LaneWorker("worker-busy", this.destination, settings(1024, null),
				queue(1024, List.of("a")));
		runToTheEnd(worker);
		assertThat(this.destination.offered).containsExactly("a", "a", "a");
		List<Long> at = this.destination.offeredNanos;
		assertThat(at.get(1) - at.get(0)).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(1));
		assertThat(at.get(2) - at.get(1)).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(1));
		assertThat(this.destination.delivered).containsExactly("a");
	}

	@Test
	void aRecordRefusedForGoodIsNotOfferedAgainAndTheOthersFollow() {
		this.destination.script(Offer.REFUSED);
		LaneWorker worker = new LaneWorker("worker-refused", this.destination, settings(1024, null),
				queue(1024, List.of("a", "b", "c")));
		runToTheEnd(worker);
		assertThat(this.destination.offered).containsExactly("a", "b", "c");
		assertThat(this.destination.delivered).containsExactly("b", "c");
		assertThat(worker.lostAtStop()).isZero();
	}

	@Test
	void theLaneOutlivesASurpriseFromTheClientAndOffersTheRecordAgain() {
		this.destination.surprise = new IllegalStateException("client broke");
		LaneWorker worker = new LaneWorker("worker-surprise", this.destination, settings(1024, null),
				queue(1024, List.of("a", "b")));
		runToTheEnd(worker);
		assertThat(worker.lastFailure()).isEqualTo("java.lang.IllegalStateException: client broke");
		assertThat(this.destination.offered).containsExactly("a", "a", "b");
		assertThat(this.destination.delivered).containsExactly("a", "b");
	}

	/**
	 * A queue half full goes to the spool first, where appenders waiting for room find it
	 * soonest, and leaves it in order; a queue less full goes to the destination directly.
	 */
	@Test
	void aQueueHalfFullIsSentThroughTheSpoolAndALessFullOneDirectly() {
		LaneWorker spilling = new LaneWorker("worker-half-full", this.destination, settings(8, "half"),
				queue(8, numbered("full ", 4)));
		runToTheEnd(spilling);
		LaneWorker direct = new LaneWorker("worker-less-full", this.destination, settings(8, "less"),
				queue(8, numbered("less ", 3)));
		runToTheEnd(direct);
		List<String> expected = new ArrayList<>(numbered("full ", 4));
		expected.addAll(numbered("less ", 3));
		assertThat(this.destination.delivered).isEqualTo(expected);
		assertThat(this.destination.outcomes).extracting((outcome) -> ((InFlight) outcome).spooled != null)
			.containsExactly(true, true, true, true, false, false, false);
		assertThat(spilling.keptAtStop()).isZero();
	}

	/**
	 * A paused lane offers nothing and its stop keeps every record in the spool; the next
	 * lane on the spool sends those first, in order, then its own, and the spool lets each
	 * go once answered, one refused for good too.
	 */
	@Test
	void aPausedStopKeepsEverythingInTheSpoolAndTheNextLaneSendsItFirst() {
		LaneWorker paused = new LaneWorker("worker-paused", this.destination, settings(1024, "paused"),
				queue(1024, numbered("kept ", 10)));
		paused.paused = true;
		runToTheEnd(paused);
		assertThat(this.destination.offered).isEmpty();
		assertThat(paused.keptAtStop()).isEqualTo(10);
		assertThat(paused.lostAtStop()).isZero();

		this.destination.script(Offer.REFUSED);
		LaneWorker next = new LaneWorker("worker-paused", this.destination, settings(1024, "paused"),
				queue(1024, List.of("new")));
		runToTheEnd(next);
		List<String> expected = new ArrayList<>(numbered("kept ", 10));
		expected.add("new");
		assertThat(this.destination.offered).isEqualTo(expected);
		assertThat(this.destination.delivered).isEqualTo(expected.subList(1, 11));
		assertThat(next.keptAtStop()).isZero();
	}

	@Test
	void aStopPastItsDeadlineSendsNothingMoreAndKeepsTheRest() {
		LaneWorker worker = new LaneWorker("worker-late", this.destination, settings(1024, "late"),
				queue(1024, numbered("r", 5)));
		worker.stopDeadlineNanos = System.nanoTime() - 1;
		worker.stopping = true;
		worker.run();
		assertThat(this.destination.offered).isEmpty();
		assertThat(worker.keptAtStop()).isEqualTo(5);
		assertThat(this.destination.closedWith).isEqualTo(Duration.ZERO);
	}

	/**
	 * Records the client took and never answered, once it stops answering: the stop gives up
	 * at once, closes the client without waiting, and keeps them in the spool ahead of the
	 * rest; the next lane sends them first.
	 */
	@Test
	void whatTheClientHeldUnansweredIsKeptAheadAndSentFirstByTheNextLane() {
		this.destination.silent = true;
		LaneWorker silent = new LaneWorker("worker-held", this.destination, settings(1024, "held"),
				queue(1024, numbered("held ", 5)));
		runToTheEnd(silent);
		assertThat(this.destination.offered).hasSize(5);
		assertThat(this.destination.closedWith).isEqualTo(Duration.ZERO);
		assertThat(silent.keptAtStop()).isEqualTo(5);
		assertThat(silent.lostAtStop()).isZero();

		ScriptedDestination back = new ScriptedDestination();
		LaneWorker next = new LaneWorker("worker-held", back, settings(1024, "held"), queue(1024, List.of("after")));
		runToTheEnd(next);
		List<String> expected = new ArrayList<>(numbered("held ", 5));
		expected.add("after");
		assertThat(back.delivered).isEqualTo(expected);
	}

	/**
	 * Records the client still held at the stop, the spool's sent first and the queue's
	 * straight after them, with no answer yet and within the stall: the stop keeps each once,
	 * and the next lane sends them in the order they came, then its own.
	 */
	@Test
	void whatTheClientHeldFromTheSpoolAndFromTheQueueIsKeptOnceInOrder() {
		LaneWorker paused = new LaneWorker("worker-mixed", this.destination, settings(1024, "mixed"),
				queue(1024, numbered("spooled ", 3)));
		paused.paused = true;
		runToTheEnd(paused);
		assertThat(paused.keptAtStop()).isEqualTo(3);

		ScriptedDestination late = new ScriptedDestination();
		late.late = true;
		LaneWorker held = new LaneWorker("worker-mixed", late, settings(1024, "mixed"),
				queue(1024, numbered("queued ", 3)));
		held.stopDeadlineNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200);
		held.stopping = true;
		held.run();
		List<String> expected = new ArrayList<>(numbered("spooled ", 3));
		expected.addAll(numbered("queued ", 3));
		assertThat(late.offered).isEqualTo(expected);
		assertThat(held.keptAtStop()).isEqualTo(6);
		assertThat(held.lostAtStop()).isZero();

		ScriptedDestination back = new ScriptedDestination();
		LaneWorker next = new LaneWorker("worker-mixed", back, settings(1024, "mixed"), queue(1024, List.of("after")));
		runToTheEnd(next);
		expected.add("after");
		assertThat(back.delivered).isEqualTo(expected);
	}

	@Test
	void withoutASpoolWhatIsLeftAtTheStopIsLost() {
		this.destination.away = true;
		LaneWorker worker = new LaneWorker("worker-no-spool", this.destination, settings(1024, null),
				queue(1024, numbered("r", 5)));
		runToTheEnd(worker);
		assertThat(this.destination.offered).isEmpty();
		assertThat(worker.keptAtStop()).isZero();
		assertThat(worker.lostAtStop()).isEqualTo(5);
	}

	private void runToTheEnd(LaneWorker worker) {
		worker.stopDeadlineNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
		worker.stopping = true;
		worker.run();
	}

	private Lane.Settings settings(int capacity, String spool) {
		return new Lane.Settings(capacity, Long.MAX_VALUE / 2, (spool != null) ? this.dir.resolve(spool) : null,
				64L * 1024 * 1024);
	}

	private static Handoff<LaneRecord> queue(int capacity, List<String> values) {
		Handoff<LaneRecord> queue = new Handoff<>(capacity, Long.MAX_VALUE / 2);
		queue.consumer(Thread.currentThread());
		for (String value : values) {
			LaneRecord record = new LaneRecord(null, value.getBytes(StandardCharsets.UTF_8), 1);
			assertThat(queue.reserve(record.weight())).isTrue();
			queue.put(record);
		}
		return queue;
	}

	private static List<String> numbered(String prefix, int count) {
		return IntStream.range(0, count).mapToObj((i) -> prefix + i).toList();
	}

	/**
	 * A destination that answers each offer as scripted (then takes every record), and
	 * acknowledges at once what it takes, unless it is silent: then it holds the records
	 * unanswered and says so, until its close tells them. A late one holds them too, but
	 * within the stall.
	 */
	static final class ScriptedDestination implements Destination {

		private final Deque<Offer> script = new ArrayDeque<>();

		final List<String> offered = new ArrayList<>();

		final List<Long> offeredNanos = new ArrayList<>();

		final List<String> delivered = new ArrayList<>();

		final List<Outcome> outcomes = new ArrayList<>();

		private final List<Outcome> held = new ArrayList<>();

		boolean silent;

		boolean late;

		boolean away;

		RuntimeException surprise;

		Duration closedWith;

		void script(Offer... answers) {
			this.script.addAll(List.of(answers));
		}

		@Override
		public Offer offer(LaneRecord record, Outcome outcome) {
			String value = new String(record.value(), StandardCharsets.UTF_8);
			this.offered.add(value);
			this.offeredNanos.add(System.nanoTime());
			if (this.surprise != null) {
				RuntimeException thrown = this.surprise;
				this.surprise = null;
				throw thrown;
			}
			Offer answer = (this.script.isEmpty()) ? Offer.ACCEPTED : this.script.poll();
			if (answer == Offer.ACCEPTED) {
				this.outcomes.add(outcome);
				if (this.silent || this.late) {
					this.held.add(outcome);
				}
				else {
					this.delivered.add(value);
					outcome.acknowledged();
				}
			}
			return answer;
		}

		@Override
		public long waitingWithoutAnswerNanos() {
			return (this.away || (!this.held.isEmpty() && !this.late)) ? Lane.STALL.toNanos() : 0;
		}

		@Override
		public void close(Duration timeout) {
			this.closedWith = timeout;
			this.held.forEach(Outcome::unanswered);
			this.held.clear();
		}

		@Override
		public String describe() {
			return "scripted";
		}

	}

}
