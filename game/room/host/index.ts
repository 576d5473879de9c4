export { RoomHost } from "./room-host";
export type {
  NewGameRow,
  SeatOutcome,
  RoomHostPorts,
  RoomStore,
  RoomRecords,
  RecordArchive,
  SocketHub,
  HostClock,
  PresenceChannels,
  SpectatorRelayChannel,
  RoomEvent,
} from "./ports";
export { AttachmentSchema, type Attachment } from "./attachments";
export { readRoom, writeRoom, ROOM_KEY, PLAY_KEY } from "./stored-room";
export { SpectatorFeed, SPECTATORS_KEY } from "./spectator-feed";
