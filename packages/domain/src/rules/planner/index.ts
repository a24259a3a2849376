export * from './capacity';
export * from './day-parts';
export * from './plan-bookings';
export * from './project-colour';
export * from './push-off';
export * from './visit-suggestion';
export * from './working-days';
