package io.asynclog.core.backend;

/**
 * Stops an application whose classpath has a {@link BindingConflict} from a hook inside a
 * logging library's initialisation, before Spring Boot runs and can analyse a failure: its
 * message is the whole report, description and action, as Spring Boot would print it.
 * <p>
 * Deliberately not an {@link IllegalStateException}: Log4j's {@code LogManager} catches
 * those from a context factory and carries on with its SimpleLogger, which would leave the
 * application running with logging silently broken.
 *
 * @author asynclog
 */
public class BindingConflictException extends RuntimeException {

	public BindingConflictException(BindingConflict conflict) {
		super(conflict.report());
	}

}
