export * from './capacity';
export * from './day-parts';
export * from './plan-bookings';
export * from './project-colour';
export * from './push-off';
export * from './working-days';
