import * as migration_20261121_084859_initial from './20261121_084859_initial';

export const migrations = [
  {
    up: migration_20261121_084859_initial.up,
    down: migration_20261121_084859_initial.down,
    name: '20261121_084859_initial'
  },
];
