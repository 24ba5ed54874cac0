package io.asynclog.it.logback;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * A web application as a user starts one: spring-boot-starter-web and the asynclog starter.
 *
 * @author asynclog
 */
@SpringBootApplication
@RestController
public class LogbackApplication {

	private static final Log logger = LogFactory.getLog(LogbackApplication.class);

	public static void main(String[] args) {
		SpringApplication.run(LogbackApplication.class, args);
	}

	@GetMapping("/greet")
	String greet(@RequestParam String name) {
		logger.info("greeted " + name);
		return "hello " + name + "\n";
	}

}
