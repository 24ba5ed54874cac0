package io.asynclog.core.lane.otlp;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.exporter.internal.FailedExportException;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.common.InstrumentationScopeInfo;
import io.opentelemetry.sdk.common.export.GrpcStatusCode;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import io.opentelemetry.sdk.resources.Resource;

import io.asynclog.core.lane.LaneRecord;
import io.asynclog.core.lane.Sender;
import io.asynclog.core.queue.DeliveryThreads;

/**
 * Sends log records to an OTLP endpoint with OpenTelemetry's own exporter, over HTTP/protobuf
 * or gRPC: the {@link io.asynclog.core.lane.Destination} of the otlp appender's lane.
 * <p>
 * Requests of up to {@link #MAX_BATCH} records (or {@link #MAX_REQUEST_BYTES}) are sent one at
 * a time, in order: while one waits for its answer the next is ready and leaves as the answer
 * comes; an offer that finds both full comes back {@link Offer#BUSY}. An export the collector
 * could not take for now (away, 429, 502, 503, 504, a retryable gRPC status) is sent again,
 * first, with a growing pause; meanwhile the lane spills newer records to its spool. One
 * refused for good fails its records, counted. OpenTelemetry's own retries are off: this is
 * the one place that retries, so that order is kept.
 *
 * @author asynclog
 */
public final class OtlpSender extends Sender {

	/** The most records one request carries. */
	static final int MAX_BATCH = 4096;

	/** A request takes no more records once they weigh this much, as the lane keeps them. */
	static final long MAX_REQUEST_BYTES = 2L * 1024 * 1024;

	private static final long FIRST_RETRY_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

	private static final long LONGEST_RETRY_NANOS = TimeUnit.SECONDS.toNanos(5);

	static {
		// The exporter's HTTP client answers on threads named "okhttp-dispatch...": a
		// warning they log while the collector is away must not wait for room in a full ring.
		DeliveryThreads.add("okhttp-dispatch");
		DeliveryThreads.add("OkHttp ");
	}

	private final OtlpSettings settings;

	private final LogRecordExporter exporter;

	private final Resource resource;

	/** The instrumentation scope of each logger name; the lane's thread only. */
	private final Map<String, InstrumentationScopeInfo> scopes = new HashMap<>();

	/** The request filling; the lane's thread only. */
	private Batch filling = new Batch();

	/** A full request waiting for the one in flight to be answered; handed from the lane's thread. */
	private final AtomicReference<Batch> queued = new AtomicReference<>();

	/** The request waiting for its answer, or {@code null}: one at a time, so that order is kept. */
	private final AtomicReference<Batch> exporting = new AtomicReference<>();

	/** A request to send again, first, or {@code null}; set by the client's thread. */
	private volatile Batch again;

	private volatile long againAtNanos;

	private volatile long retryNanos = FIRST_RETRY_NANOS;

	private volatile boolean closing;

	/**
	 * Creates a sender and its exporter. No connection is made until the first export.
	 * @param appenderName the appender's name, under which failures are counted
	 * @param settings where and how to send
	 */
	public OtlpSender(String appenderName, OtlpSettings settings) {
		this(appenderName, settings, OtlpExporters.of(settings));
	}

	OtlpSender(String appenderName, OtlpSettings settings, LogRecordExporter exporter) {
		super(appenderName);
		this.settings = settings;
		this.exporter = exporter;
		AttributesBuilder attributes = Attributes.builder();
		settings.resourceAttributes().forEach(attributes::put);
		this.resource = Resource.getDefault().merge(Resource.create(attributes.build()));
	}

	@Override
	public Offer offer(LaneRecord record, Outcome outcome) {
		if (this.again != null) {
			// The collector did not take the last request: take no more into memory, where a
			// kill would lose them; the lane keeps them, and spools them if it lasts.
			return Offer.NOT_NOW;
		}
		if (this.filling.isFull() && !handOff()) {
			// One request in flight and the next one ready: the lane offers again shortly.
			return Offer.BUSY;
		}
		LogRecordData data;
		try {
			// Straight from the appender, the record is made once, here; from the spool, read back.
			data = (record.payload() instanceof OtlpRecord fresh) ? DecodedLogRecord.of(fresh, this.resource, this.scopes)
					: DecodedLogRecord.decode(record.value(), this.resource, this.scopes);
		}
		catch (IllegalArgumentException ex) {
			handedOver();
			failed(outcome, ex);
			return Offer.REFUSED;
		}
		handedOver();
		this.filling.add(data, outcome, record.weight());
		if (this.filling.isFull()) {
			handOff();
		}
		return Offer.ACCEPTED;
	}

	@Override
	public void afterOffers() {
		if (this.filling.size() > 0) {
			handOff();
		}
		sendNext();
	}

	/** Queues the filling request behind the one in flight, if none is queued yet. */
	private boolean handOff() {
		if (!this.queued.compareAndSet(null, this.filling)) {
			return false;
		}
		this.filling = new Batch();
		sendNext();
		return true;
	}

	/**
	 * Sends the next request unless one is in flight: the one to send again once its pause is
	 * over, else the queued one. Called by the lane's thread, and by the client's as an answer
	 * comes, so that the next request leaves at once.
	 */
	private void sendNext() {
		Batch retry = this.again;
		Batch next = (retry != null) ? ((System.nanoTime() - this.againAtNanos >= 0) ? retry : null)
				: this.queued.get();
		if (next == null || !this.exporting.compareAndSet(null, next)) {
			return;
		}
		Batch failedMeanwhile = this.again;
		if (failedMeanwhile != null && failedMeanwhile != next) {
			// The request in flight failed after this one was chosen: it goes first, after its
			// pause, so that order is kept.
			this.exporting.set(null);
			return;
		}
		if (next == retry) {
			this.again = null;
		}
		else {
			this.queued.compareAndSet(next, null);
		}
		CompletableResultCode result;
		try {
			result = this.exporter.export(next.records);
		}
		catch (RuntimeException ex) {
			result = CompletableResultCode.ofExceptionalFailure(ex);
		}
		CompletableResultCode done = result;
		next.attempt = done;
		done.whenComplete(() -> answer(next, done));
	}

	/** On the client's thread with the collector's answer (or on the sending one, at once). */
	private void answer(Batch batch, CompletableResultCode result) {
		boolean sendOn = true;
		if (result.isSuccess()) {
			if (batch.settle()) {
				batch.outcomes.forEach(this::acknowledged);
				this.retryNanos = FIRST_RETRY_NANOS;
				answered();
			}
		}
		else {
			Throwable failure = result.getFailureThrowable();
			if (this.closing) {
				if (batch.settle()) {
					batch.outcomes.forEach(this::unanswered);
				}
			}
			else if (Retry.later(failure)) {
				attemptFailed((failure != null) ? failure : new IllegalStateException("export failed"));
				this.againAtNanos = System.nanoTime() + this.retryNanos;
				this.retryNanos = Math.min(this.retryNanos * 2, LONGEST_RETRY_NANOS);
				this.again = batch;
				// The lane's thread sends it again once the pause is over.
				sendOn = false;
			}
			else if (batch.settle()) {
				batch.outcomes.forEach((outcome) -> failed(outcome, failure));
				answered();
			}
		}
		this.exporting.set(null);
		if (sendOn && !this.closing) {
			sendNext();
		}
	}

	/**
	 * Sends what it holds and waits up to the timeout for the answers; each record still
	 * unanswered is then told so.
	 */
	@Override
	public void close(Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() - deadline < 0 && pending()) {
			afterOffers();
			Batch waiting = this.exporting.get();
			CompletableResultCode attempt = (waiting != null) ? waiting.attempt : null;
			if (attempt != null) {
				attempt.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())),
						TimeUnit.MILLISECONDS);
			}
			else if (this.again != null) {
				// The collector refused for now: no point waiting for the retry's pause.
				break;
			}
			else {
				Thread.onSpinWait();
			}
		}
		this.closing = true;
		for (Batch batch : new Batch[] { this.exporting.get(), this.again, this.queued.get(), this.filling }) {
			if (batch != null && batch.settle()) {
				batch.outcomes.forEach(this::unanswered);
			}
		}
		this.exporter.shutdown();
	}

	private boolean pending() {
		return this.exporting.get() != null || this.again != null || this.queued.get() != null
				|| this.filling.size() > 0;
	}

	@Override
	protected String system() {
		return "otlp";
	}

	@Override
	protected String destinationName() {
		return this.settings.endpoint();
	}

	@Override
	public String clientLoggers() {
		return "io.opentelemetry.";
	}

	public String endpoint() {
		return this.settings.endpoint();
	}

	/** The records of one request and their outcomes. */
	private static final class Batch {

		final List<LogRecordData> records = new ArrayList<>();

		final List<Outcome> outcomes = new ArrayList<>();

		/** The latest export of the request, for {@link #close} to wait on. */
		volatile CompletableResultCode attempt;

		private final AtomicBoolean settled = new AtomicBoolean();

		private long bytes;

		void add(LogRecordData record, Outcome outcome, int size) {
			this.records.add(record);
			this.outcomes.add(outcome);
			this.bytes += size;
		}

		int size() {
			return this.records.size();
		}

		/**
		 * Whether the request takes no more records: by count, and by size, so that records
		 * with long stack traces stay below what a collector accepts in one request (gRPC's
		 * 4 MiB by default).
		 */
		boolean isFull() {
			return this.records.size() >= MAX_BATCH || this.bytes >= MAX_REQUEST_BYTES;
		}

		/** Whether the caller is the one to tell the outcomes: the answer and the close may race. */
		boolean settle() {
			return this.settled.compareAndSet(false, true);
		}

	}

	/**
	 * Which failures are worth sending again, as the OTLP specification lists them: no
	 * answer at all, HTTP 408, 429, 502, 503 and 504, and the retryable gRPC statuses.
	 */
	private static final class Retry {

		static boolean later(Throwable failure) {
			try {
				if (failure instanceof FailedExportException.HttpExportException http && http.failedWithResponse()) {
					int status = http.getResponse().getStatusCode();
					return status == 408 || status == 429 || status == 502 || status == 503 || status == 504;
				}
				if (failure instanceof FailedExportException.GrpcExportException grpc && grpc.failedWithResponse()) {
					GrpcStatusCode status = grpc.getResponse().getStatusCode();
					return switch (status) {
						case CANCELLED, DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, ABORTED, OUT_OF_RANGE, UNAVAILABLE,
								DATA_LOSS ->
							true;
						default -> false;
					};
				}
			}
			catch (LinkageError ex) {
				// Another OpenTelemetry version: keep the records rather than fail them.
			}
			// No answer (the collector is away, a timeout) or one not understood.
			return true;
		}

	}

}
