package io.asynclog.autoconfigure.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.test.context.TestPropertySource;

/**
 * Keeps asynclog's configured mode in a Spring test context ({@code @SpringBootTest}, a test
 * slice), where it otherwise logs synchronously (see {@link TestContextLogging}). For tests of
 * the asynchronous path itself: queues, meters, the {@code asynclog} endpoint, shutdown.
 * A line such a test checks may still be on its way when the call that logged it returns.
 * <p>
 * The same as {@code asynclog.async-in-tests=true} among the test's properties; set as an
 * inlined test property, so that it is in the environment before logging is configured.
 *
 * @author asynclog
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@TestPropertySource(properties = "asynclog.async-in-tests=true")
public @interface AutoConfigureAsyncLogging {

}
