package io.asynclog.it.none;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ApplicationListener;
import org.springframework.boot.context.event.ApplicationReadyEvent;

/**
 * A web application with no logging starter. It must never get as far as logging that it
 * is ready.
 *
 * @author asynclog
 */
@SpringBootApplication
public class NoBackendApplication implements ApplicationListener<ApplicationReadyEvent> {

	static final String READY = "no-backend application ready";

	private static final Log logger = LogFactory.getLog(NoBackendApplication.class);

	public static void main(String[] args) {
		SpringApplication.run(NoBackendApplication.class, args);
	}

	@Override
	public void onApplicationEvent(ApplicationReadyEvent event) {
		logger.info(READY);
		System.out.println(READY);
	}

}
