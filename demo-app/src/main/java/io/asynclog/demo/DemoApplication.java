package io.asynclog.demo;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A web application that logs on every request, with logging made asynchronous by asynclog.
 *
 * @author asynclog
 */
@SpringBootApplication
public class DemoApplication {

	public static void main(String[] args) {
		SpringApplication application = new SpringApplication(DemoApplication.class);
		// Added here rather than as a bean: the watch must run while the context is still
		// starting, since a launcher can be killed during start-up too.
		application.addListeners(new ParentWatch());
		application.run(args);
	}

}
