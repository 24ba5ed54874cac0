package io.asynclog.demo;

import java.util.concurrent.atomic.AtomicLong;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Logs one line per request, carrying the request's sequence number.
 *
 * @author asynclog
 */
@RestController
class LogController {

	private static final Log logger = LogFactory.getLog(LogController.class);

	private final AtomicLong sequence = new AtomicLong();

	@GetMapping("/log")
	String log() {
		long number = this.sequence.incrementAndGet();
		logger.info("request " + number + " handled");
		return "logged " + number + "\n";
	}

}
