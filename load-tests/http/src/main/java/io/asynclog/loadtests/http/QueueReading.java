package io.asynclog.loadtests.http;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the app's {@code /actuator/asynclog} endpoint says of its queues at the end of a run:
 * the most slots any queue had in use during the peak window, and the events they dropped.
 *
 * @param peak the highest {@code peak} over the queues, 0 without queues
 * @param dropped the sum of {@code dropped} over the queues
 * @param queues how many queues the app has (0 in sync mode)
 * @param used events the queues hold now
 * @author asynclog
 */
record QueueReading(long peak, long dropped, int queues, long used) {

	private static final Pattern PEAK = Pattern.compile("\"peak\":(\\d+)");

	private static final Pattern DROPPED = Pattern.compile("\"dropped\":(\\d+)");

	private static final Pattern USED = Pattern.compile("\"used\":(\\d+)");

	/** Reads the endpoint and keeps its answer beside the run's other files. */
	static QueueReading read(HttpClient client, URI baseUrl, Path copy) throws IOException, InterruptedException {
		HttpRequest request = HttpRequest.newBuilder(baseUrl.resolve("/actuator/asynclog"))
			.timeout(Duration.ofSeconds(10))
			.build();
		HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
		if (response.statusCode() != 200) {
			throw new IOException("/actuator/asynclog answered " + response.statusCode());
		}
		Files.writeString(copy, response.body());
		return parse(response.body());
	}

	static QueueReading parse(String json) {
		long peak = 0;
		int queues = 0;
		Matcher peaks = PEAK.matcher(json);
		while (peaks.find()) {
			peak = Math.max(peak, Long.parseLong(peaks.group(1)));
			queues++;
		}
		long dropped = 0;
		Matcher drops = DROPPED.matcher(json);
		while (drops.find()) {
			dropped += Long.parseLong(drops.group(1));
		}
		long used = 0;
		Matcher usedSlots = USED.matcher(json);
		while (usedSlots.find()) {
			used += Long.parseLong(usedSlots.group(1));
		}
		return new QueueReading(peak, dropped, queues, used);
	}

}
