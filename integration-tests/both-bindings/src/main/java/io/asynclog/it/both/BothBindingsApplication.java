package io.asynclog.it.both;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ApplicationListener;
import org.springframework.boot.context.event.ApplicationReadyEvent;

/**
 * A web application with both logging starters. It must never get as far as logging that it
 * is ready.
 *
 * @author asynclog
 */
@SpringBootApplication
public class BothBindingsApplication implements ApplicationListener<ApplicationReadyEvent> {

	static final String READY = "both-bindings application ready";

	private static final Log logger = LogFactory.getLog(BothBindingsApplication.class);

	public static void main(String[] args) {
		SpringApplication.run(BothBindingsApplication.class, args);
	}

	@Override
	public void onApplicationEvent(ApplicationReadyEvent event) {
		logger.info(READY);
		System.out.println(READY);
	}

}
