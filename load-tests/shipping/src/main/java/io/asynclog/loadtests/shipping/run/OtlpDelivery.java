package io.asynclog.loadtests.shipping.run;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.asynclog.core.lane.Sender;

import static io.asynclog.loadtests.shipping.run.ThroughputApp.FIRST;
import static io.asynclog.loadtests.shipping.run.ThroughputApp.TEXT;

/**
 * Delivered: acknowledged by the OTLP receiver (200), as the appender's {@link Sender} counts.
 * The check asks the receiver ({@code GET /count} of test-fixtures' LoopbackOtlp) how many
 * log records came since the run started and what the last one's body is.
 *
 * @author asynclog
 */
final class OtlpDelivery extends AcknowledgedDelivery {

	private final URI countUri;

	private final HttpClient client = HttpClient.newHttpClient();

	private final Received before;

	OtlpDelivery(Options options) throws Exception {
		this.countUri = URI.create(options.endpoint()).resolve("/count");
		// One receiver serves every run of the script: this run counts from what it finds now.
		this.before = received();
	}

	@Override
	public Check check(long total) throws Exception {
		Received after = received();
		long count = after.count() - this.before.count();
		String last = FIRST + total - 1 + "";
		boolean lastIsLast = after.last().equals(TEXT + last);
		String detail = "receiver count " + count + " of " + total + ", last record "
				+ (lastIsLast ? "is line " + last : "is not line " + last) + "; " + state();
		return new Check(count == total && lastIsLast && this.sender.sent() == total
				&& this.sender.acknowledged() == total && this.sender.failed() == 0 && !Delivery.notSent(), detail,
				(count > 0) ? (after.bytes() - this.before.bytes()) / count : 0);
	}

	private Received received() throws IOException, InterruptedException {
		HttpResponse<String> response = this.client.send(
				HttpRequest.newBuilder(this.countUri).timeout(Duration.ofSeconds(30)).GET().build(),
				HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
		if (response.statusCode() != 200) {
			throw new IllegalStateException(this.countUri + " answered " + response.statusCode());
		}
		Map<String, String> values = new LinkedHashMap<>();
		response.body().lines().forEach((line) -> {
			int equals = line.indexOf('=');
			if (equals > 0) {
				values.put(line.substring(0, equals), line.substring(equals + 1));
			}
		});
		return new Received(Long.parseLong(values.get("count")), Long.parseLong(values.get("bytes")),
				values.getOrDefault("last", ""));
	}

	/** What the receiver counted: log records, their protobuf bytes, the last record's body. */
	private record Received(long count, long bytes, String last) {
	}

}
