package io.asynclog.loadtests.http;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;
import java.util.stream.LongStream;

/**
 * What the app's {@code /actuator/asynclog} endpoint says of its queues at the end of a run.
 *
 * @param peak the highest {@code peak} over the queues (slots in use during the peak window), 0
 * without queues
 * @param dropped the sum of {@code dropped} over the queues
 * @param queues how many queues the app has (0 in sync mode)
 * @param used events the queues hold now
 * @author asynclog
 */
record QueueReading(long peak, long dropped, int queues, long used) {

	/** Reads the endpoint and keeps its answer beside the run's other files. */
	static QueueReading read(AppProcess app, Path copy) throws IOException, InterruptedException {
		String json = app.get("/actuator/asynclog", Duration.ofSeconds(10));
		Files.writeString(copy, json);
		return parse(json);
	}

	static QueueReading parse(String json) {
		long[] peaks = values(json, "peak").toArray();
		return new QueueReading(LongStream.of(peaks).max().orElse(0), values(json, "dropped").sum(), peaks.length,
				values(json, "used").sum());
	}

	private static LongStream values(String json, String field) {
		return Pattern.compile("\"" + field + "\":(\\d+)")
			.matcher(json)
			.results()
			.mapToLong((match) -> Long.parseLong(match.group(1)));
	}

}
