export { DirectTransferPanel, type DirectTransferPanelProps } from './components/direct-transfer-panel.js'
export { RoomView, type RoomViewProps } from './components/room-view.js'
export { TransferHistory } from './components/transfer-history.js'
