package io.asynclog.demo;

import java.util.concurrent.atomic.AtomicLong;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Logs one line per request, as the published 400-user study did: a message of exactly
 * {@value #MESSAGE_BYTES} bytes that carries the request's sequence number, so that a load
 * run can check that every answered request has its line on disk.
 *
 * @author asynclog
 */
@RestController
class LogController {

	/**
	 * Length of every request's message, in bytes (ASCII): the study's line size.
	 */
	static final int MESSAGE_BYTES = 108;

	private static final String PREFIX = "request %010d handled ";

	private static final Log logger = LogFactory.getLog(LogController.class);

	private final AtomicLong sequence = new AtomicLong();

	@GetMapping("/log")
	String log() {
		long number = this.sequence.incrementAndGet();
		logger.info(message(number));
		return "logged " + number + "\n";
	}

	/**
	 * Returns how many requests {@code /log} has answered, without logging.
	 * @return the count, as text
	 */
	@GetMapping("/log/count")
	String count() {
		return this.sequence.get() + "\n";
	}

	static String message(long number) {
		StringBuilder message = new StringBuilder(MESSAGE_BYTES).append(PREFIX.formatted(number));
		while (message.length() < MESSAGE_BYTES) {
			message.append('.');
		}
		return message.toString();
	}

}
