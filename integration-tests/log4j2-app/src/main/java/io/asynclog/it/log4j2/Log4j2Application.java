package io.asynclog.it.log4j2;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * A web application switched to Log4j2 as Spring Boot documents it, with the asynclog
 * starter.
 *
 * @author asynclog
 */
@SpringBootApplication
@RestController
public class Log4j2Application {

	private static final Log logger = LogFactory.getLog(Log4j2Application.class);

	public static void main(String[] args) {
		SpringApplication.run(Log4j2Application.class, args);
	}

	@GetMapping("/greet")
	String greet(@RequestParam String name) {
		logger.info("greeted " + name);
		return "hello " + name + "\n";
	}

}
