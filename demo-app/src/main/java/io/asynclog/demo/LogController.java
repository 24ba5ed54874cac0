package io.asynclog.demo;

import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Logs one line per request, as the published 400-user study did: a message of exactly
 * {@value #MESSAGE_BYTES} bytes that carries the request's sequence number, so that a load
 * run can check that every answered request has its line on disk. {@code ?lines=20} logs
 * twenty such lines, as a chatty service would, each also numbered within the request.
 *
 * @author asynclog
 */
@RestController
class LogController {

	/** Length of every request's message, in bytes (ASCII): the study's line size. */
	static final int MESSAGE_BYTES = 108;

	/** The most lines one request may ask for. */
	static final int MAX_LINES = 100;

	private static final String PREFIX = "request %010d handled ";

	private static final String NUMBERED_PREFIX = "request %010d line %02d ";

	private static final Log logger = LogFactory.getLog(LogController.class);

	private final AtomicLong sequence = new AtomicLong();

	@GetMapping("/log")
	ResponseEntity<String> log(@RequestParam(defaultValue = "1") int lines) {
		if (lines < 1 || lines > MAX_LINES) {
			return ResponseEntity.badRequest()
				.body("lines must be a whole number from 1 to " + MAX_LINES + ", not " + lines + "\n");
		}
		long number = this.sequence.incrementAndGet();
		if (lines == 1) {
			logger.info(message(number));
		}
		else {
			for (int line = 1; line <= lines; line++) {
				logger.info(message(number, line));
			}
		}
		return ResponseEntity.ok("logged " + number + "\n");
	}

	/** How many requests {@code /log} has answered, without logging. */
	@GetMapping("/log/count")
	String count() {
		return this.sequence.get() + "\n";
	}

	/**
	 * How many bytes of heap the JVM's threads have allocated since it started, for the load
	 * tests' allocation per request; -1 where the JVM cannot tell.
	 */
	@GetMapping("/log/allocated")
	String allocated() {
		return ((ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads)
				&& threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled())
						? threads.getTotalThreadAllocatedBytes() + "\n" : "-1\n";
	}

	static String message(long number) {
		return padded(PREFIX.formatted(number));
	}

	static String message(long number, int line) {
		return padded(NUMBERED_PREFIX.formatted(number, line));
	}

	private static String padded(String prefix) {
		StringBuilder message = new StringBuilder(MESSAGE_BYTES).append(prefix);
		while (message.length() < MESSAGE_BYTES) {
			message.append('.');
		}
		return message.toString();
	}

}
